import { isReceiptNumber } from "../../domain/auditions";
import type { Tx } from "../platform/db.server";
import type { Services } from "../platform/services.server";
import { getSiteSettings } from "../site/settings.server";
import type { MailMessage } from "./mailer.server";
import { queueMail } from "./outbox.server";

/**
 * E-mail notices to the agency. They carry a receipt number and a link to the admin page and nothing
 * the applicant typed: the mailbox, the mail servers on the way and the outbox table are not where the
 * applicants' personal data is kept (PIPA: collect, and copy, no more than needed).
 */

export interface ApplicationNotice {
  receiptNumber: string;
  applicationId: number;
  /** The audition address of the site settings. */
  to: string;
}

/** The notice of a new application: the receipt number and the admin link, nothing else. */
export function applicationNoticeMessage(notice: ApplicationNotice, options: { publicOrigin: string; brand: string }): MailMessage {
  const link = `${options.publicOrigin}/admin/auditions/${notice.applicationId}`;
  return {
    to: notice.to,
    subject: `[${options.brand.replace(/\s+/g, " ").trim()}] 새 오디션 지원서 ${notice.receiptNumber}`,
    text: [
      "새 오디션 지원서가 접수되었습니다.",
      "",
      `접수 번호: ${notice.receiptNumber}`,
      `지원서 보기: ${link}`,
      "",
      "지원자의 개인정보는 이 메일에 담지 않았습니다. 관리자로 로그인해 위 링크에서 확인해 주세요.",
      "이 메일은 웹사이트에서 자동으로 보냈습니다. 회신하지 마세요.",
      "",
    ].join("\n"),
  };
}

/**
 * Queues the notice of a new application in the application's own transaction, when e-mail is set up
 * (SMTP_URL); the caller wakes the scheduler after the commit. Never throws and never spoils the
 * transaction: the insert runs in a savepoint, and a failure is logged and left behind, so the
 * applicant's submission goes through whatever happens to the notice.
 */
export async function queueApplicationNotice(tx: Tx, services: Services, notice: ApplicationNotice): Promise<void> {
  const mail = services.mail;
  if (!mail) return;
  if (!isReceiptNumber(notice.receiptNumber) || !Number.isSafeInteger(notice.applicationId) || !/^[^\s@<>]+@[^\s@<>]+$/.test(notice.to)) {
    services.logger.error({ receiptNumber: notice.receiptNumber }, "application notice not queued: no valid receipt number, id or audition address");
    return;
  }
  try {
    await tx.transaction(async (savepoint) => {
      const { companyNameEn } = await getSiteSettings(savepoint);
      await queueMail(savepoint, applicationNoticeMessage(notice, { publicOrigin: mail.publicOrigin, brand: companyNameEn }));
    });
  } catch (error) {
    services.logger.error({ err: error, receiptNumber: notice.receiptNumber }, "application notice not queued; the application is stored");
  }
}
