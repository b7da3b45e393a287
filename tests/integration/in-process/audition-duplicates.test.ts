import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox } from "../../../drizzle/schema";
import { DUPLICATE_WINDOW_DAYS } from "../../../app/domain/auditions";
import { getApplicationForAdmin, listApplicationsForWorkspace } from "../../../app/server/auditions/audition-admin-queries.server";
import { deleteApplications } from "../../../app/server/auditions/audition-retention.server";
import { createSmtpMailer } from "../../../app/server/mail/mailer.server";
import { deliverDueMail } from "../../../app/server/mail/outbox.server";
import { systemActor, type Services } from "../../../app/server/platform/services.server";
import { ensureSiteSettings, getSiteSettings } from "../../../app/server/site/settings.server";
import { submitTestApplication } from "../../fixtures/audition-upload";
import { startSmtpServer, type TestSmtpServer } from "../../setup/smtp-server";
import { testEngine, useTestDatabase } from "../../setup/test-database";

const DAY = 24 * 60 * 60 * 1000;

/**
 * A second application from the same phone or e-mail (decision 033): received like any other, flagged
 * for the agency when read, and, with mail set up, a kind note to the applicant's own address when
 * that address sent the earlier one. The submissions go through the use case with a controlled clock;
 * the note is delivered to a real SMTP server.
 */
describe(`duplicate applications (${testEngine()})`, () => {
  const database = useTestDatabase({ beforeAll, afterAll });
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    await ensureSiteSettings(database.db);
    smtp = await startSmtpServer();
  });
  afterAll(() => smtp?.close());

  const withMail = (): Services => ({
    ...database.services,
    mail: { mailer: createSmtpMailer({ url: smtp.url, from: "WE ENTERTAINMENT <no-reply@we.example>", timeoutMs: 2_000 }), publicOrigin: "https://www.we.example" },
  });
  const mailTo = (address: string) => database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, address));
  let contact = 0;
  const newContact = () => {
    contact++;
    const n = `${process.pid % 1000}`.padStart(3, "0") + String(contact).padStart(5, "0");
    return { phone: `010-${n.slice(0, 4)}-${n.slice(4)}`, email: `dup${n}@applicant.example` };
  };

  it("without mail set up, a duplicate is received with its own receipt number and nothing is queued", async () => {
    const { phone, email } = newContact();
    const t0 = new Date("2026-04-01T01:00:00Z");
    const first = await submitTestApplication(database.services, t0, { phone, email });
    const again = await submitTestApplication(database.services, new Date(t0.getTime() + DAY), { phone, email });
    expect(again.status).toBe("received");
    expect(again.receiptNumber).not.toBe(first.receiptNumber);
    expect(await database.db.select().from(mailOutbox)).toHaveLength(0);
  });

  it("with mail set up, the address of an e-mail duplicate gets one kind note with nothing of the earlier application; a match by phone alone mails nobody", async () => {
    const services = withMail();
    const { auditionEmail } = await getSiteSettings(database.db);
    const { phone, email } = newContact();
    const t0 = new Date("2026-05-10T02:00:00Z");
    const first = await submitTestApplication(services, t0, { phone, email, name: "중복메일첫째" });
    // A first application: the agency's notice only.
    expect(await mailTo(email)).toHaveLength(0);

    // The same address (typed in capitals) three days later, from another phone.
    const second = await submitTestApplication(services, new Date(t0.getTime() + 3 * DAY), { phone: newContact().phone, email: email.toUpperCase(), name: "중복메일둘째" });
    const queued = await mailTo(email);
    expect(queued).toHaveLength(1);
    expect(queued[0]!.subject).toContain(second.receiptNumber);

    // The same phone with another address: that address learns nothing of the phone's earlier application.
    const elsewhere = newContact().email;
    await submitTestApplication(services, new Date(t0.getTime() + 4 * DAY), { phone, email: elsewhere });
    expect(await mailTo(elsewhere)).toHaveLength(0);

    // A third from the same address the same day: no second note (a mailbox is never flooded through the form).
    await submitTestApplication(services, new Date(t0.getTime() + 5 * DAY), { phone: newContact().phone, email });
    expect(await mailTo(email)).toHaveLength(1);

    const delivery = await deliverDueMail(services, services.mail!.mailer, new Date());
    expect(delivery.failed).toEqual([]);
    await expect.poll(() => smtp.received.filter((m) => m.to.includes(email)).length, { timeout: 10_000 }).toBe(1);
    const note = smtp.received.find((m) => m.to.includes(email))!;
    expect(note.subject).toBe(`[WE ENTERTAINMENT] 오디션 지원서 접수 안내 (${second.receiptNumber})`);
    expect(note.text).toContain(`최근 ${DUPLICATE_WINDOW_DAYS}일 안에 보내 주신 오디션 지원서가 이미 접수되어 있습니다.`);
    expect(note.text).toContain(`접수 번호 ${second.receiptNumber}`);
    expect(note.text).toContain(auditionEmail);
    for (const earlier of [first.receiptNumber, "중복메일첫째", "중복메일둘째", phone, "2026-05-10", "5월 10일"]) expect(note.text).not.toContain(earlier);
    // The agency's notices went to the agency as before.
    expect(smtp.received.filter((m) => m.to.includes(auditionEmail)).length).toBeGreaterThanOrEqual(4);
  });

  it("an address that sent its earlier application more than the window ago gets no note", async () => {
    const services = withMail();
    const { phone, email } = newContact();
    const t0 = new Date("2026-06-01T00:00:00Z");
    await submitTestApplication(services, t0, { phone, email });
    await submitTestApplication(services, new Date(t0.getTime() + (DUPLICATE_WINDOW_DAYS + 1) * DAY), { phone: newContact().phone, email });
    expect(await mailTo(email)).toHaveLength(0);
  });

  it("the agency sees duplicates flagged both ways, with the others listed; deleting one unflags the other, and the last deletion takes the address out of the outbox", async () => {
    const services = withMail();
    const { phone, email } = newContact();
    const t0 = new Date("2026-07-01T03:00:00Z");
    const first = await submitTestApplication(services, t0, { phone, email, name: "중복표시가" });
    const byPhone = await submitTestApplication(services, new Date(t0.getTime() + 2 * DAY), { phone: phone.replace(/-/g, ""), email: newContact().email, name: "중복표시나" });
    const byEmail = await submitTestApplication(services, new Date(t0.getTime() + 40 * DAY), { phone: newContact().phone, email, name: "중복표시다" });
    const single = await submitTestApplication(services, new Date(t0.getTime() + 2 * DAY), { ...newContact(), name: "중복표시라" });

    const flags = async () => {
      const list = await listApplicationsForWorkspace(database.db, { status: null, query: "중복표시", page: 1 });
      return Object.fromEntries(list.items.map((item) => [item.receiptNumber, item.duplicate]));
    };
    // byEmail came 40 days after the first and 38 after byPhone (another address): outside the window.
    expect(await flags()).toEqual({ [first.receiptNumber]: true, [byPhone.receiptNumber]: true, [byEmail.receiptNumber]: false, [single.receiptNumber]: false });

    const detail = await getApplicationForAdmin(database.db, first.applicationId);
    expect(detail!.related.map((r) => [r.receiptNumber, r.samePhone, r.sameEmail, r.withinWindow])).toEqual([
      [byEmail.receiptNumber, false, true, false],
      [byPhone.receiptNumber, true, false, true],
    ]);
    expect((await getApplicationForAdmin(database.db, single.applicationId))!.related).toEqual([]);

    await deleteApplications(services, systemActor("test"), [byPhone.applicationId], "request");
    expect(await flags()).toEqual({ [first.receiptNumber]: false, [byEmail.receiptNumber]: false, [single.receiptNumber]: false });

    // The address still belongs to an application: its note stays until that one goes too.
    expect(await mailTo(email)).toHaveLength(0);
    await submitTestApplication(services, new Date(t0.getTime() + 41 * DAY), { phone: newContact().phone, email });
    expect(await mailTo(email)).toHaveLength(1);
    const { auditionEmail } = await getSiteSettings(database.db);
    const agencyNotices = (await mailTo(auditionEmail)).length;
    const remaining = (await listApplicationsForWorkspace(database.db, { status: null, query: email, page: 1 })).items.map((i) => i.id);
    await deleteApplications(services, systemActor("test"), remaining.slice(0, 1), "request");
    expect(await mailTo(email)).toHaveLength(1);
    await deleteApplications(services, systemActor("test"), remaining.slice(1), "request");
    expect(await mailTo(email)).toHaveLength(0);
    expect(await mailTo(auditionEmail)).toHaveLength(agencyNotices);
  });
});
