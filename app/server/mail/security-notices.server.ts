import { and, eq, isNull } from "drizzle-orm";
import { staffUsers } from "../../../drizzle/schema";
import { formatKst } from "../../domain/kst";
import type { Database } from "../platform/db.server";
import type { MailMessage, Services } from "../platform/services.server";
import { getSiteSettings } from "../site/settings.server";
import { isMailAddress, queueMail } from "./outbox.server";

/**
 * E-mail when an account's second sign-in step is refused after too many wrong codes (decision 051): to
 * the account's own address and to every active owner's (when none has one, to the site's main address),
 * so that a stolen password is noticed the moment it is used. Only the account's login id, the time and the address: no code, no password.
 */

export function lockNoticeMessage(
  to: string,
  lock: { loginId: string; lockedUntil: Date; ip: string },
  options: { publicOrigin: string; brand: string },
): MailMessage {
  return {
    to,
    subject: `[${options.brand.replace(/\s+/g, " ").trim()}] ‘${lock.loginId}’ 계정의 2단계 인증을 막았습니다`,
    text: [
      `‘${lock.loginId}’ 계정에 올바른 비밀번호와 함께 틀린 인증 코드가 여러 번 입력되어, ${formatKst(lock.lockedUntil)}까지 이 계정의 2단계 인증을 막았습니다.`,
      `마지막 시도의 주소: ${lock.ip || "알 수 없음"}`,
      "",
      "본인이 시도한 것이 아니라면 비밀번호가 유출되었을 수 있습니다. 로그인한 뒤 바로 비밀번호를 바꿔 주세요.",
      `로그인: ${options.publicOrigin}/adminLogin`,
      "",
      "이 메일은 웹사이트에서 자동으로 보냈습니다. 회신하지 마세요.",
      "",
    ].join("\n"),
  };
}

/**
 * Queues the lock notice, when e-mail is set up (SMTP_URL), and wakes the outbox. Never throws: the
 * refusal stands whatever happens to the mail (a failure is left to the caller's log through the result).
 */
export async function queueLockNotice(
  db: Database,
  services: Pick<Services, "mail" | "scheduler"> | undefined,
  account: { staffId: number; loginId: string },
  lock: { lockedUntil: Date; ip: string },
): Promise<number> {
  const mail = services?.mail;
  if (!mail) return 0;
  const owners = await db
    .select({ email: staffUsers.email })
    .from(staffUsers)
    .where(and(eq(staffUsers.role, "owner"), isNull(staffUsers.deactivatedAt)));
  const [self] = await db.select({ email: staffUsers.email }).from(staffUsers).where(eq(staffUsers.id, account.staffId));
  const settings = await getSiteSettings(db);
  const staff = [...new Set([self?.email ?? "", ...owners.map((o) => o.email)].map((e) => e.trim().toLowerCase()))].filter(isMailAddress);
  // The first owner may have no address of their own: then the agency's main address hears of it.
  const recipients = staff.length > 0 ? staff : [settings.email].filter(isMailAddress);
  if (recipients.length === 0) return 0;
  const { companyNameEn } = settings;
  await db.transaction(async (tx) => {
    for (const to of recipients) {
      await queueMail(tx, lockNoticeMessage(to, { loginId: account.loginId, ...lock }, { publicOrigin: mail.publicOrigin, brand: companyNameEn }));
    }
  });
  services.scheduler?.wake();
  return recipients.length;
}
