import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queueApplicationNotice } from "../../../app/server/mail/notices.server";
import { startRuntime, type Runtime } from "../../../app/server/composition/runtime.server";
import { startSmtpServer, type TestSmtpServer } from "../../setup/smtp-server";
import { testRuntimeEnv } from "../../setup/in-process-app";
import { createPostgresDatabase, testEngine, type PostgresDatabase } from "../../setup/test-database";

describe(`a runtime started with SMTP_URL sends queued mail by itself (${testEngine()})`, () => {
  let runtime: Runtime;
  let smtp: TestSmtpServer;
  let database: PostgresDatabase | null = null;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "we-mail-runtime-"));

  beforeAll(async () => {
    smtp = await startSmtpServer({ auth: { user: "we-site", pass: "mail secret" } });
    database = testEngine() === "postgres" ? await createPostgresDatabase({ fromTemplate: true }) : null;
    runtime = await startRuntime(testRuntimeEnv(dataDir, database?.url, { PUBLIC_ORIGIN: "https://www.we.example", SMTP_URL: smtp.url }));
  }, 120_000);
  afterAll(async () => {
    await runtime?.close();
    await smtp?.close();
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("has the mailer, and a notice committed and followed by a wake is delivered without any request", async () => {
    expect(runtime.mail?.publicOrigin).toBe("https://www.we.example");
    await runtime.db.transaction(async (tx) => {
      await queueApplicationNotice(tx, runtime, { receiptNumber: "AUD-2026-000042", applicationId: 42, to: "audition@we.example" });
    });
    runtime.scheduler?.wake();
    await expect.poll(() => smtp.received.length, { timeout: 15_000, interval: 50 }).toBe(1);
    expect(smtp.received[0]).toMatchObject({ from: "no-reply@we.example", to: ["audition@we.example"], subject: "[WE ENTERTAINMENT] 새 오디션 지원서 AUD-2026-000042" });
    expect(smtp.received[0]!.text).toContain("https://www.we.example/admin/auditions/42");
  });

});
