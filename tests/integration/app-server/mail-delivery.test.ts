import { isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox } from "../../../drizzle/schema";
import { queueMail } from "../../../app/server/mail/outbox.server";
import { useAppServer } from "../../setup/app-server";
import { startSmtpServer, type TestSmtpServer } from "../../setup/smtp-server";
import { useTestDatabase } from "../../setup/test-database";

describe("app servers started with SMTP_URL on one PostgreSQL database", () => {
  const database = useTestDatabase({ beforeAll, afterAll });
  let smtp: TestSmtpServer;
  const count = 7;
  beforeAll(async () => {
    smtp = await startSmtpServer({ auth: { user: "we-site", pass: "p@ss:word" } });
    // Notices queued while no server ran (the mail server was down, or every app server was).
    for (let i = 1; i <= count; i++) {
      await queueMail(database.db, { to: "audition@we.example", subject: `[WE ENTERTAINMENT] 새 오디션 지원서 AUD-2026-00000${i}`, text: `접수 번호: AUD-2026-00000${i}\n` });
    }
  });
  afterAll(async () => {
    await smtp?.close();
  });
  const options = () => ({ databaseUrl: database.url!, env: { SMTP_URL: smtp.url, MAIL_FROM: "WE ENTERTAINMENT <audition-bot@we.example>" } });
  useAppServer({ beforeAll, afterAll }, options);
  useAppServer({ beforeAll, afterAll }, options);

  it("deliver what waited in the outbox, without any request, each message once", async () => {
    await expect.poll(async () => (await database.db.select({ id: mailOutbox.id }).from(mailOutbox).where(isNull(mailOutbox.sentAt))).length, { timeout: 30_000, interval: 100 }).toBe(0);
    expect(smtp.received).toHaveLength(count);
    expect(new Set(smtp.received.map((m) => m.subject)).size).toBe(count);
    expect(smtp.received.every((m) => m.from === "audition-bot@we.example" && m.to.join() === "audition@we.example")).toBe(true);
    const rows = await database.db.select({ attempts: mailOutbox.attempts, lastError: mailOutbox.lastError }).from(mailOutbox);
    expect(rows.every((r) => r.attempts === 1 && r.lastError === "")).toBe(true);
  });
});
