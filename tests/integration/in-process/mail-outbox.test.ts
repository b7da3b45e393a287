import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditionApplications, mailOutbox } from "../../../drizzle/schema";
import net from "node:net";
import { nextDueTime, runDueJobs, startScheduler } from "../../../app/server/jobs/scheduler.server";
import { createSmtpMailer } from "../../../app/server/mail/mailer.server";
import { queueApplicationNotice } from "../../../app/server/mail/notices.server";
import { deliverDueMail, MAX_MAIL_ATTEMPTS, queueMail } from "../../../app/server/mail/outbox.server";
import type { Tx } from "../../../app/server/platform/db.server";
import type { Services } from "../../../app/server/platform/services.server";
import { freePort } from "../../setup/free-port";
import { startSmtpServer, type TestSmtpServer } from "../../setup/smtp-server";
import { testEngine, useTestDatabase } from "../../setup/test-database";

const ORIGIN = "https://www.we.example";
const AUDITION_EMAIL = "audition@we.example";
const MINUTE = 60_000;

/** What an applicant typed: none of it may reach an e-mail. */
const APPLICANT = { name: "김지원", phone: "010-9876-5432", email: "jiwon.kim@applicant.example", introduction: "안녕하세요, 배우 지망생입니다." };

let receiptSequence = 0;

/** The application's transaction as the submission makes it: the row, then the notice, then commit. */
async function submitApplication(services: Services) {
  const receiptNumber = `AUD-2026-${String(++receiptSequence).padStart(6, "0")}`;
  const applicationId = await services.db.transaction(async (tx: Tx) => {
    const [row] = await tx
      .insert(auditionApplications)
      .values({
        receiptNumber,
        name: APPLICANT.name,
        birthDate: "2004-05-06",
        gender: "female",
        phone: APPLICANT.phone,
        email: APPLICANT.email,
        heightCm: 165,
        introduction: APPLICANT.introduction,
        consent: { at: new Date().toISOString(), retentionDays: 90, purpose: "오디션 심사" },
      })
      .returning({ id: auditionApplications.id });
    await queueApplicationNotice(tx, services, { receiptNumber, applicationId: row!.id, to: AUDITION_EMAIL });
    return row!.id;
  });
  return { receiptNumber, applicationId };
}

describe(`the mail outbox and the notice of new applications (${testEngine()})`, () => {
  const database = useTestDatabase({ beforeAll, afterAll });
  const servers: TestSmtpServer[] = [];
  const smtpServer = async (port?: number) => {
    const server = await startSmtpServer({ port });
    servers.push(server);
    return server;
  };
  const withMail = (smtpUrl: string): Services => ({
    ...database.services,
    mail: { mailer: createSmtpMailer({ url: smtpUrl, from: "WE ENTERTAINMENT <no-reply@we.example>", timeoutMs: 2_000 }), publicOrigin: ORIGIN },
  });
  const outbox = () => database.db.select().from(mailOutbox).orderBy(mailOutbox.id);

  beforeEach(async () => {
    await database.db.delete(mailOutbox);
  });
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => s.close()));
  });

  it("sends the notice when the mail server is up: receipt number and admin link, no applicant data", async () => {
    const smtp = await smtpServer();
    const services = withMail(smtp.url);
    const { receiptNumber, applicationId } = await submitApplication(services);

    const delivery = await deliverDueMail(services, services.mail!.mailer, new Date());
    expect(delivery.sent).toHaveLength(1);
    await expect.poll(() => smtp.received.length, { timeout: 10_000 }).toBe(1);

    const [mail] = smtp.received;
    expect(mail!.to).toEqual([AUDITION_EMAIL]);
    expect(mail!.subject).toBe(`[WE ENTERTAINMENT] 새 오디션 지원서 ${receiptNumber}`);
    expect(mail!.text).toContain(receiptNumber);
    expect(mail!.text).toContain(`${ORIGIN}/admin/auditions/${applicationId}`);
    for (const value of Object.values(APPLICANT)) {
      expect(mail!.raw).not.toContain(value);
      expect(mail!.text).not.toContain(value);
      expect(mail!.subject).not.toContain(value);
    }
    // What stays behind in the database holds no more than the e-mail did.
    const [row] = await outbox();
    expect(row).toMatchObject({ toAddress: AUDITION_EMAIL, attempts: 1, lastError: "" });
    expect(row!.sentAt).toBeInstanceOf(Date);
    for (const value of Object.values(APPLICANT)) expect(JSON.stringify(row)).not.toContain(value);

    // Sent means done: a later pass sends nothing again.
    expect((await deliverDueMail(services, services.mail!.mailer, new Date(Date.now() + 24 * 60 * MINUTE))).sent).toEqual([]);
    expect(smtp.received).toHaveLength(1);
  });

  it("keeps the application and the notice when the mail server is down, retries later, and delivers once when it is back", async () => {
    const port = await freePort();
    const services = withMail(`smtp://127.0.0.1:${port}`);
    const { receiptNumber, applicationId } = await submitApplication(services);
    expect(await database.db.select({ id: auditionApplications.id }).from(auditionApplications).where(eq(auditionApplications.id, applicationId))).toHaveLength(1);

    const now = new Date();
    const first = await deliverDueMail(services, services.mail!.mailer, now);
    expect(first).toMatchObject({ sent: [], givenUp: [] });
    expect(first.failed).toHaveLength(1);
    let [row] = await outbox();
    expect(row!.sentAt).toBeNull();
    expect(row!.attempts).toBe(1);
    expect(row!.lastError).toMatch(/ECONNREFUSED/);
    expect(row!.lastError).not.toMatch(/\n|at .*\.js/);
    expect(row!.nextAttemptAt.getTime()).toBe(now.getTime() + MINUTE);
    // The scheduler's next wake-up is the next attempt.
    expect((await nextDueTime(services))?.getTime()).toBe(now.getTime() + MINUTE);

    // Not due yet: nothing is tried.
    expect(await deliverDueMail(services, services.mail!.mailer, new Date(now.getTime() + 30_000))).toEqual({ sent: [], failed: [], givenUp: [] });

    // The mail server comes back on the same port; at the next attempt the notice goes out, once.
    const smtp = await smtpServer(port);
    const later = new Date(now.getTime() + MINUTE + 1_000);
    expect((await deliverDueMail(services, services.mail!.mailer, later)).sent).toEqual([row!.id]);
    await expect.poll(() => smtp.received.length, { timeout: 10_000 }).toBe(1);
    expect(smtp.received[0]!.subject).toContain(receiptNumber);
    [row] = await outbox();
    expect(row).toMatchObject({ attempts: 2, lastError: "" });
    expect(row!.sentAt?.getTime()).toBe(later.getTime());
    expect(await deliverDueMail(services, services.mail!.mailer, new Date(later.getTime() + 10 * 60 * MINUTE))).toEqual({ sent: [], failed: [], givenUp: [] });
    expect(smtp.received).toHaveLength(1);
    expect(await nextDueTime(services)).toBeNull();
  });

  it("backs off 1, 5, 15, 60 minutes, then every 3 hours, and gives up after the tenth attempt", async () => {
    const services = withMail(`smtp://127.0.0.1:${await freePort()}`);
    await submitApplication(services);
    let now = new Date();
    const waits: number[] = [];
    for (let attempt = 1; attempt <= MAX_MAIL_ATTEMPTS; attempt++) {
      const result = await deliverDueMail(services, services.mail!.mailer, now);
      expect(attempt < MAX_MAIL_ATTEMPTS ? result.failed : result.givenUp).toHaveLength(1);
      const [row] = await outbox();
      expect(row!.attempts).toBe(attempt);
      waits.push((row!.nextAttemptAt.getTime() - now.getTime()) / MINUTE);
      now = row!.nextAttemptAt;
    }
    expect(waits).toEqual([1, 5, 15, 60, 180, 180, 180, 180, 180, 180]);
    // Given up: never tried again, and no longer a reason for the scheduler to wake.
    expect(await deliverDueMail(services, services.mail!.mailer, new Date(now.getTime() + 24 * 60 * MINUTE))).toEqual({ sent: [], failed: [], givenUp: [] });
    expect(await nextDueTime(services)).toBeNull();
    const [row] = await outbox();
    expect(row!.attempts).toBe(MAX_MAIL_ATTEMPTS);
  });

  it("queues nothing when e-mail is not set up (no SMTP_URL)", async () => {
    await submitApplication(database.services);
    expect(await outbox()).toEqual([]);
  });

  it("a notice that cannot be queued does not spoil the application's transaction", async () => {
    const services = withMail(`smtp://127.0.0.1:${await freePort()}`);
    const receiptNumber = "AUD-2026-999999";
    const applicationId = await services.db.transaction(async (tx: Tx) => {
      const [row] = await tx
        .insert(auditionApplications)
        .values({ receiptNumber, name: "테스트", birthDate: "2000-01-01", gender: "male", phone: "010-1111-2222", email: "t@applicant.example", heightCm: 180, introduction: "소개", consent: { at: new Date().toISOString(), retentionDays: 90, purpose: "오디션 심사" } })
        .returning({ id: auditionApplications.id });
      // The outbox is out of reach for this one insert (as a full disk or a lost table would make it).
      await tx.execute(sql`alter table mail_outbox rename to mail_outbox_away`);
      await queueApplicationNotice(tx, services, { receiptNumber, applicationId: row!.id, to: AUDITION_EMAIL });
      await tx.execute(sql`alter table mail_outbox_away rename to mail_outbox`);
      // The transaction goes on as if nothing happened.
      await tx.update(auditionApplications).set({ notes: "계속" }).where(eq(auditionApplications.id, row!.id));
      return row!.id;
    });
    const [stored] = await database.db.select().from(auditionApplications).where(eq(auditionApplications.id, applicationId));
    expect(stored).toMatchObject({ receiptNumber, notes: "계속" });
    expect(await outbox()).toEqual([]);
  });

  it("forgets messages 30 days after they were sent or written", async () => {
    const smtp = await smtpServer();
    const services = withMail(smtp.url);
    await submitApplication(services);
    const now = new Date();
    await deliverDueMail(services, services.mail!.mailer, now);
    await queueMail(database.db, { to: AUDITION_EMAIL, subject: "보내지 못한 알림", text: "." });
    expect(await outbox()).toHaveLength(2);
    expect((await runDueJobs(services, new Date(now.getTime() + 29 * 24 * 60 * MINUTE))).oldMail).toBe(0);
    expect((await runDueJobs(services, new Date(now.getTime() + 30 * 24 * 60 * MINUTE + MINUTE))).oldMail).toBe(2);
    expect(await outbox()).toEqual([]);
  });

  it("a hung mail server holds up neither the scheduler's start nor its passes", async () => {
    const sockets: net.Socket[] = [];
    const hung = net.createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => hung.listen(0, "127.0.0.1", resolve));
    try {
      const services = withMail(`smtp://127.0.0.1:${(hung.address() as net.AddressInfo).port}`);
      await submitApplication(services);
      const scheduler = startScheduler(services);
      // The first pass (what a server waits for before serving) is done while the message still hangs.
      await scheduler.ready;
      await expect.poll(() => sockets.length, { timeout: 10_000, interval: 20 }).toBe(1);
      const [row] = await outbox();
      expect(row).toMatchObject({ attempts: 1, sentAt: null, lastError: "" });
      // Another pass runs meanwhile (a scheduled post would be published); it does not wait for the mail.
      const before = Date.now();
      await runDueJobs(services, new Date());
      expect(Date.now() - before).toBeLessThan(1_500);
      await scheduler.stop();
      // Stopping waited for the mailer's timeout: the failure is recorded, the next attempt planned.
      const [after] = await outbox();
      expect(after!.lastError).toMatch(/greeting|timeout/i);
      expect(after!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    } finally {
      sockets.forEach((s) => s.destroy());
      await new Promise((resolve) => hung.close(resolve));
    }
  });
});
