import { eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox } from "../../../drizzle/schema";
import { createSmtpMailer } from "../../../app/server/mail/mailer.server";
import { deliverDueMail, queueMail } from "../../../app/server/mail/outbox.server";
import { openDatabase, type DatabaseHandle } from "../../../app/server/platform/db.server";
import { startSmtpServer, type TestSmtpServer } from "../../setup/smtp-server";
import { createTestServices, useTestDatabase } from "../../setup/test-database";

describe("two app servers sending one PostgreSQL outbox", () => {
  const database = useTestDatabase({ beforeAll, afterAll });
  let other: DatabaseHandle;
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    other = await openDatabase({ kind: "postgres", url: database.url!, poolMax: 4 });
    smtp = await startSmtpServer();
  });
  afterAll(async () => {
    await other?.close();
    await smtp?.close();
  });

  it("send each message once when both run at the same time", async () => {
    const count = 23;
    for (let i = 1; i <= count; i++) await queueMail(database.db, { to: "audition@we.example", subject: `알림 ${i}`, text: `${i}` });
    const mailer = createSmtpMailer({ url: smtp.url, from: "no-reply@we.example" });
    const a = database.services;
    const b = createTestServices(other.db, database.storage);
    // Both pools connected first, so neither server starts late.
    await Promise.all([a.db.execute("select 1"), b.db.execute("select 1")]);
    const now = new Date();
    const [fromA, fromB] = await Promise.all([deliverDueMail(a, mailer, now), deliverDueMail(b, mailer, now)]);

    expect(fromA.failed.concat(fromB.failed)).toEqual([]);
    const sentIds = [...fromA.sent, ...fromB.sent];
    expect(new Set(sentIds).size).toBe(count);
    expect(sentIds).toHaveLength(count);
    // Both servers took a share: they really ran side by side, each skipping what the other had claimed.
    expect(fromA.sent.length).toBeGreaterThan(0);
    expect(fromB.sent.length).toBeGreaterThan(0);
    await expect.poll(() => smtp.received.length, { timeout: 10_000 }).toBe(count);
    const subjects = smtp.received.map((m) => m.subject).sort();
    expect(new Set(subjects).size).toBe(count);
    expect(await database.db.select().from(mailOutbox).where(isNull(mailOutbox.sentAt))).toEqual([]);
    expect((await database.db.select({ attempts: mailOutbox.attempts }).from(mailOutbox)).every((r) => r.attempts === 1)).toBe(true);

    // Running both again sends nothing more.
    const again = await Promise.all([deliverDueMail(a, mailer, new Date(now.getTime() + 3_600_000)), deliverDueMail(b, mailer, new Date(now.getTime() + 3_600_000))]);
    expect(again.flatMap((r) => r.sent)).toEqual([]);
    expect(smtp.received).toHaveLength(count);
  });

  it("skip a message another server is claiming, without waiting for it", async () => {
    await database.db.delete(mailOutbox);
    const held = await queueMail(database.db, { to: "audition@we.example", subject: "잡힌 알림", text: "." });
    const free = await queueMail(database.db, { to: "audition@we.example", subject: "자유 알림", text: "." });
    const mailer = createSmtpMailer({ url: smtp.url, from: "no-reply@we.example" });
    const b = createTestServices(other.db, database.storage);
    const before = smtp.received.length;
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    // Server A is in the middle of claiming the first message: its row is locked.
    const holding = database.db.transaction(async (tx) => {
      await tx.select().from(mailOutbox).where(eq(mailOutbox.id, held)).for("update");
      locked();
      await released;
    });
    await isLocked;
    try {
      const fromB = await deliverDueMail(b, mailer, new Date());
      expect(fromB.sent).toEqual([free]);
    } finally {
      release();
      await holding;
    }
    expect(smtp.received.slice(before).map((m) => m.subject)).toEqual(["자유 알림"]);
  });
});
