import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SUBMISSIONS_PER_ADDRESS_PER_HOUR } from "../../../app/domain/auditions";
import { stampForm } from "../../../app/server/auditions/form-timing.server";
import { useAppServer } from "../../setup/app-server";
import { testEngine } from "../../setup/test-database";
import { applicationForm, TEST_SESSION_SECRET } from "../../fixtures/audition-form";

/** A form posted empty, as the page serves it: only its time stamp and the empty honeypot. */
function emptyForm(stamp: string): FormData {
  const form = new FormData();
  form.append("startedAt", stamp);
  form.append("homepage", "");
  return form;
}

/**
 * Issue 28: "too fast" is for a form that was filled in (an empty one gets the fields' messages), and a
 * visitor's refused attempts do not use up the per-address limit; a bot's (no time stamp, the honeypot) do.
 */
describe(`refused applications and the per-address limit (${testEngine()})`, () => {
  const server = useAppServer({ beforeAll, afterAll }, { env: { SESSION_SECRET: TEST_SESSION_SECRET } });
  const post = (form: FormData, address: string, url = "/audition/apply/submit") =>
    fetch(`${server.baseURL}${url}`, { method: "POST", body: form, redirect: "manual", headers: { Origin: server.baseURL, "X-Forwarded-For": address } });

  it("an empty form sent at once gets every required field's message, not \"too fast\"; a filled one sent at once is \"too fast\"", async () => {
    const empty = await post(emptyForm(stampForm(TEST_SESSION_SECRET, new Date())), "203.0.113.1");
    expect(empty.status).toBe(400);
    const reply = (await empty.json()) as { message: string; errors: Record<string, string> };
    expect(reply.message).toBe("입력한 내용을 확인해 주세요. 표시된 항목을 고친 뒤 다시 제출해 주세요.");
    expect(reply.errors).toMatchObject({ name: "이름을 입력해 주세요.", gender: "성별을 선택해 주세요.", height: "키를 입력해 주세요.", email: "이메일 주소를 입력해 주세요." });

    // The page (no JavaScript) says the same.
    const page = await post(emptyForm(stampForm(TEST_SESSION_SECRET, new Date())), "203.0.113.1", "/audition/apply");
    expect(page.status).toBe(400);
    const html = await page.text();
    expect(html).toContain("성별을 선택해 주세요.");
    expect(html).not.toContain("너무 빨리");

    const filled = await post(await applicationForm({ stamp: stampForm(TEST_SESSION_SECRET, new Date()) }), "203.0.113.1");
    expect(filled.status).toBe(400);
    expect(((await filled.json()) as { message: string }).message).toContain("너무 빨리 제출되었습니다");
  });

  it("the fields' new messages: a birth date after today, an e-mail address that is not one", async () => {
    const tomorrow = new Date(Date.now() + 2 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    const response = await post(await applicationForm({ fields: { birthDate: tomorrow, email: "not-an-address" } }), "203.0.113.2");
    expect(response.status).toBe(400);
    const { errors } = (await response.json()) as { errors: Record<string, string> };
    expect(errors.birthDate).toBe("생년월일이 오늘 이후 날짜입니다. 다시 확인해 주세요.");
    expect(errors.email).toMatch(/^이메일 주소 형식이 올바르지 않습니다\./);
  });

  it("a visitor's refused attempts, any number of them, do not count: the application that follows is received", async () => {
    const address = "203.0.113.10";
    for (let i = 0; i < SUBMISSIONS_PER_ADDRESS_PER_HOUR + 3; i++) {
      // Mistakes of every kind a visitor makes: an empty form at once, a form missing a field, one too soon.
      const form =
        i % 3 === 0
          ? emptyForm(stampForm(TEST_SESSION_SECRET, new Date()))
          : i % 3 === 1
            ? await applicationForm({ fields: { consent: "" } })
            : await applicationForm({ stamp: stampForm(TEST_SESSION_SECRET, new Date()) });
      const refused = await post(form, address);
      await refused.arrayBuffer();
      expect(refused.status, `attempt ${i + 1}`).toBe(400);
    }
    const received = await post(await applicationForm(), address);
    expect(received.status).toBe(200);
    expect(await received.json()).toEqual({ location: "/audition/apply/complete" });
  });

  it("a bot's refused posts (no time stamp, the honeypot filled) still count and reach the limit", async () => {
    const address = "203.0.113.20";
    let limitedAt = -1;
    for (let i = 0; i <= SUBMISSIONS_PER_ADDRESS_PER_HOUR + 1 && limitedAt < 0; i++) {
      const form = i % 2 === 0 ? new FormData() : await applicationForm({ fields: { homepage: "https://spam.example" } });
      if (i % 2 === 0) form.append("name", "봇");
      const response = await post(form, address);
      await response.arrayBuffer();
      if (response.status === 429) limitedAt = i;
      else expect(response.status).toBe(400);
    }
    expect(limitedAt).toBe(SUBMISSIONS_PER_ADDRESS_PER_HOUR);
    // And then even a good application waits for the window to end.
    const late = await post(await applicationForm(), address);
    expect(late.status).toBe(429);
  });
});
