import { and, eq, gt, sql } from "drizzle-orm";
import { mailOutbox } from "../../../drizzle/schema";
import { DUPLICATE_WINDOW_DAYS, isReceiptNumber } from "../../domain/auditions";
import { withParticle } from "../../domain/korean";
import type { Tx } from "../platform/db.server";
import type { Services } from "../platform/services.server";
import { getSiteSettings, type SiteSettings } from "../site/settings.server";
import type { MailMessage } from "../platform/services.server";
import type { Locale } from "../../domain/locale";
import { isMailAddress, queueMail } from "./outbox.server";

/**
 * E-mail notices about applications. The agency's carry a receipt number and a link to the admin page
 * and nothing the applicant typed: the mailbox, the mail servers on the way and the outbox table are
 * not where the applicants' personal data is kept (PIPA: collect, and copy, no more than needed). The
 * one message to an applicant (a second application from their address, decision 033) holds their own
 * address and the new receipt number, nothing of the earlier application.
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
      "지원자의 개인정보는 이 메일에 담지 않았습니다. 관리 화면에 로그인해 위 링크에서 확인해 주세요.",
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
  if (!isReceiptNumber(notice.receiptNumber) || !Number.isSafeInteger(notice.applicationId) || !isMailAddress(notice.to)) {
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

export interface DuplicateApplicationMail {
  /** The receipt number of the application just received (the submitter saw it on the receipt page). */
  receiptNumber: string;
  /** The address typed into it, which an earlier application within the window also used. */
  to: string;
  /** The language of the form it was sent from: the note is written in it (decision 065). */
  locale?: Locale;
}

/**
 * A mailbox gets at most one duplicate notice a day: someone typing another person's address into the
 * form again and again must not turn the site into a way of flooding that mailbox.
 */
const DUPLICATE_MAIL_INTERVAL = sql`interval '24 hours'`;

/**
 * The kind note to an applicant whose address sent a second application within the window: both are
 * received, and how to reach the agency to change something. Nothing of the earlier application (its
 * number, date or contents): whoever reads this mailbox may not be whoever sent it.
 */
export function duplicateApplicationMessage(
  mail: DuplicateApplicationMail,
  settings: Pick<SiteSettings, "companyName" | "companyNameEn" | "auditionEmail" | "phone" | "businessHours"> & Partial<Pick<SiteSettings, "businessHoursEn">>,
): MailMessage {
  if (mail.locale === "en") return duplicateApplicationMessageInEnglish(mail, settings);
  const company = settings.companyName.replace(/\s+/g, " ").trim();
  const hours = settings.businessHours.replace(/\s+/g, " ").trim();
  return {
    to: mail.to,
    subject: `[${settings.companyNameEn.replace(/\s+/g, " ").trim()}] 오디션 지원서 접수 안내 (${mail.receiptNumber})`,
    text: [
      `안녕하세요. ${company}입니다. 오디션에 지원해 주셔서 감사합니다.`,
      "",
      `이 이메일 주소로 최근 ${DUPLICATE_WINDOW_DAYS}일 안에 보내 주신 오디션 지원서가 이미 접수되어 있습니다. 이번에 보내 주신 지원서도 접수 번호 ${withParticle(mail.receiptNumber, "으로/로")} 함께 접수되었습니다.`,
      "",
      `앞서 보낸 지원서의 내용을 고치려고 다시 보내셨다면, 고칠 내용을 접수 번호와 함께 ${withParticle(settings.auditionEmail, "으로/로")} 보내 주세요. 전화 ${withParticle(settings.phone.trim(), "으로/로")}도 문의하실 수 있습니다.${hours ? ` (전화 상담: ${hours})` : ""}`,
      "고칠 내용이 없다면 따로 하실 일은 없습니다. 보내 주신 지원서는 모두 심사하며, 서류 합격자에 한해 개별로 연락을 드립니다.",
      "",
      "지원한 적이 없는데 이 메일을 받으셨다면 다른 사람이 이 이메일 주소를 잘못 적었을 수 있습니다. 위 주소로 알려 주시면 확인한 뒤 처리하겠습니다.",
      "",
      "이 메일은 웹사이트에서 자동으로 보냈습니다. 이 메일로 회신하지 말고 위 주소로 연락해 주세요.",
      "",
    ].join("\n"),
  };
}

/** The same note to an applicant who applied on the English form. */
function duplicateApplicationMessageInEnglish(
  mail: DuplicateApplicationMail,
  settings: Pick<SiteSettings, "companyNameEn" | "auditionEmail" | "phone" | "businessHours"> & Partial<Pick<SiteSettings, "businessHoursEn">>,
): MailMessage {
  const company = settings.companyNameEn.replace(/\s+/g, " ").trim();
  const hours = (settings.businessHoursEn?.trim() || settings.businessHours).replace(/\s+/g, " ").trim();
  const phone = settings.phone.trim();
  return {
    to: mail.to,
    subject: `[${company}] Your audition application (${mail.receiptNumber})`,
    text: [
      `Hello from ${company}, and thank you for applying for an audition.`,
      "",
      `We had already received an audition application sent from this e-mail address within the last ${DUPLICATE_WINDOW_DAYS} days. The application you have just sent has been received as well, under the application number ${mail.receiptNumber}.`,
      "",
      `If you sent it again to correct your earlier application, please e-mail the changes with your application number to ${settings.auditionEmail}. You can also call us on ${phone}${hours ? ` (${hours}, Korean time)` : ""}.`,
      "If there is nothing to correct, there is nothing more you need to do. We review every application and will contact shortlisted applicants individually.",
      "",
      "If you did not apply, someone may have typed your e-mail address by mistake. Please let us know at the address above and we will look into it.",
      "",
      "This message was sent automatically by our website. Please do not reply to it; write to the address above instead.",
      "",
    ].join("\n"),
  };
}

/**
 * Queues the duplicate notice to the applicant in the application's own transaction, when e-mail is
 * set up (SMTP_URL) and the address got none in the last 24 hours. Like the agency's notice it never
 * throws and never spoils the transaction (a savepoint; failures are logged): the application is
 * received whatever happens to the message, and the answer to the submitter never depends on it.
 */
export async function queueDuplicateApplicationMail(tx: Tx, services: Services, mail: DuplicateApplicationMail): Promise<void> {
  if (!services.mail) return;
  if (!isReceiptNumber(mail.receiptNumber) || !isMailAddress(mail.to)) {
    services.logger.error({ receiptNumber: mail.receiptNumber }, "duplicate notice not queued: no valid receipt number or address");
    return;
  }
  try {
    await tx.transaction(async (savepoint) => {
      const [recent] = await savepoint
        .select({ id: mailOutbox.id })
        .from(mailOutbox)
        .where(and(eq(mailOutbox.toAddress, mail.to), gt(mailOutbox.createdAt, sql`now() - ${DUPLICATE_MAIL_INTERVAL}`)))
        .limit(1);
      if (recent) return;
      await queueMail(savepoint, duplicateApplicationMessage(mail, await getSiteSettings(savepoint)));
    });
  } catch (error) {
    services.logger.error({ err: error, receiptNumber: mail.receiptNumber }, "duplicate notice not queued; the application is stored");
  }
}
