import { eq } from "drizzle-orm";
import { staffUsers, castingPackages } from "../../../drizzle/schema";
import { packageAdminPath } from "../../domain/paths";
import { isMailAddress, queueMail } from "../mail/outbox.server";
import type { Tx } from "../platform/db.server";
import type { Services } from "../platform/services.server";
import { getSiteSettings, type SiteSettings } from "../site/settings.server";
import type { PackageRow } from "./package-link.server";

/**
 * The e-mails of casting packages (decision 047): the link to the recipient, in the package's language,
 * and the agency's notices (first opened, answered), which say nothing the recipient wrote.
 */

/**
 * The recipient's e-mail: the title, the agency's message, the link and its last day, the agency's
 * contact, in the package's language.
 */
export function packageLinkMail(row: PackageRow, settings: SiteSettings, link: string, lastDay: string): { subject: string; text: string } {
  const brand = settings.companyNameEn.replace(/\s+/g, " ").trim();
  const text =
    row.locale === "en"
      ? [
          `Dear ${row.recipientName},`,
          "",
          ...(row.message ? [row.message, ""] : []),
          `${settings.companyNameEn} has put together a casting proposal for you: ${row.title}`,
          "",
          link,
          "",
          `The link is open until ${lastDay} (Korea time). You can mark the artists you are interested in and send us a message on the page; no account is needed.`,
          "",
          settings.companyNameEn,
          `Phone ${settings.phone} · Email ${settings.email}`,
          "",
        ]
      : [
          `${row.recipientCompany} ${row.recipientName}님, 안녕하세요.`,
          "",
          ...(row.message ? [row.message, ""] : []),
          `${settings.companyName}에서 캐스팅 제안을 보내 드립니다: ${row.title}`,
          "",
          link,
          "",
          `링크는 ${lastDay}까지 열 수 있습니다. 페이지에서 배우마다 관심 있음이나 보류를 표시하고 메시지를 남기실 수 있으며, 따로 가입하실 필요는 없습니다.`,
          "",
          settings.companyName,
          `전화 ${settings.phone} · 이메일 ${settings.email}`,
          "",
        ];
  return { subject: `[${brand}] ${row.title}`, text: text.join("\n") };
}

/**
 * The agency's e-mail about a package (first opened, answered), to whoever made it or else the site's
 * address: the package's title, the recipient's company and a link to the workspace, nothing the
 * recipient wrote. In the caller's transaction, in a savepoint: a failure is logged, never spoils it.
 */
export async function queuePackageNotice(tx: Tx, services: Services, packageId: number, what: "opened" | "answered"): Promise<void> {
  const mail = services.mail;
  if (!mail) return;
  try {
    await tx.transaction(async (savepoint) => {
      const [row] = await savepoint
        .select({ title: castingPackages.title, company: castingPackages.recipientCompany, name: castingPackages.recipientName, creatorEmail: staffUsers.email })
        .from(castingPackages)
        .leftJoin(staffUsers, eq(staffUsers.id, castingPackages.createdBy))
        .where(eq(castingPackages.id, packageId))
        .limit(1);
      if (!row) return;
      const settings = await getSiteSettings(savepoint);
      const to = row.creatorEmail && isMailAddress(row.creatorEmail) ? row.creatorEmail : settings.email;
      const brand = settings.companyNameEn.replace(/\s+/g, " ").trim();
      const who = `${row.company} ${row.name}님`;
      const link = `${mail.publicOrigin}${packageAdminPath(packageId)}`;
      const headline = what === "opened" ? `${who}이 캐스팅 패키지를 처음 열었습니다.` : `${who}이 캐스팅 패키지에 답변을 남겼습니다.`;
      await queueMail(savepoint, {
        to,
        subject: `[${brand}] ${what === "opened" ? "캐스팅 패키지 열람" : "캐스팅 패키지 답변"}: ${row.title}`,
        text: [headline, "", `패키지: ${row.title}`, `보기: ${link}`, "", "이 메일은 웹사이트에서 자동으로 보냈습니다. 회신하지 마세요.", ""].join("\n"),
      });
    });
  } catch (error) {
    services.logger.error({ err: error, packageId }, "casting package notice not queued");
  }
}
