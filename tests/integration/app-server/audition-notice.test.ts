import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pollUntil, useAppServer } from "../../setup/app-server";
import { useSmtpServer } from "../../setup/smtp-server";
import { testEngine } from "../../setup/test-database";
import { applicationForm, TEST_SESSION_SECRET } from "../../fixtures/audition-form";

/**
 * The agency's e-mail notice of a new application, end to end: the form is posted to a real server
 * started with SMTP_URL, and a real SMTP server (started here) receives the notice, or is down and the
 * application is received all the same.
 */
describe(`the notice of a new application by e-mail (${testEngine()})`, () => {
  const smtp = useSmtpServer({ beforeAll, afterAll });
  const server = useAppServer({ beforeAll, afterAll }, () => ({ env: { SESSION_SECRET: TEST_SESSION_SECRET, SMTP_URL: smtp.server.url } }));
  let address = 0;
  const apply = async (form: FormData) => {
    const response = await fetch(`${server.baseURL}/audition/apply`, { method: "POST", body: form, redirect: "manual", headers: { Origin: server.baseURL, "X-Forwarded-For": `192.0.2.${++address}` } });
    expect(response.status).toBe(302);
    const cookie = response.headers.get("set-cookie")!.split(";")[0]!;
    const html = await (await fetch(`${server.baseURL}/audition/apply/complete`, { headers: { Cookie: cookie } })).text();
    return /AUD-\d{4}-\d{6}/.exec(html)![0];
  };

  it("is sent when the mail server is up: the receipt number and the admin link, nothing the applicant typed", async () => {
    const form = await applicationForm({ fields: { name: "메일알림테스트" } });
    const receipt = await apply(form);
    await pollUntil(() => smtp.server.received.some((m) => m.subject.includes(receipt)), { timeoutMs: 20_000, what: () => `the notice of ${receipt}` });
    const mail = smtp.server.received.find((m) => m.subject.includes(receipt))!;
    expect(mail.text).toMatch(/\/admin\/auditions\/\d+/);
    const whole = JSON.stringify(mail);
    for (const typed of ["메일알림테스트", String(form.get("phone")), String(form.get("email")), "사람의 마음을 움직이는"]) expect(whole).not.toContain(typed);
  });

  it("tells the applicant's own address, kindly, when it sends a second application: both are received", async () => {
    const first = await applicationForm();
    const email = String(first.get("email"));
    const firstReceipt = await apply(first);
    const secondReceipt = await apply(await applicationForm({ fields: { email } }));
    await pollUntil(() => smtp.server.received.some((m) => m.to.includes(email)), { timeoutMs: 20_000, what: () => `the note to ${email}` });
    const notes = smtp.server.received.filter((m) => m.to.includes(email));
    expect(notes).toHaveLength(1);
    expect(notes[0]!.subject).toBe(`[WE ENTERTAINMENT] 오디션 지원서 접수 안내 (${secondReceipt})`);
    expect(notes[0]!.text).toContain("보내 주신 오디션 지원서가 이미 접수되어 있습니다.");
    expect(notes[0]!.text).not.toContain(firstReceipt);
    // Both reached the agency as new applications.
    await pollUntil(() => [firstReceipt, secondReceipt].every((r) => smtp.server.received.some((m) => m.subject === `[WE ENTERTAINMENT] 새 오디션 지원서 ${r}`)), { timeoutMs: 20_000, what: () => "both notices" });
  });

  // The retry once the mail server is back is proven with a controlled clock in mail-outbox.test.ts.
  it("does not hold up or fail the application when the mail server is down", async () => {
    await smtp.server.close();
    const started = Date.now();
    const receipt = await apply(await applicationForm());
    expect(receipt).toMatch(/^AUD-\d{4}-\d{6}$/);
    // Well under the mailer's 10-second connection timeout: nothing waited for the mail server.
    expect(Date.now() - started).toBeLessThan(8_000);
  });
});
