import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { kstDate } from "../../../app/domain/kst";
import { useAppServer } from "../../setup/app-server";
import { testEngine } from "../../setup/test-database";
import { applicationForm, oldStamp, TEST_SESSION_SECRET } from "../../fixtures/audition-form";
import { gifJsPolyglot, pngBomb, pngWithHtmlTail } from "../../fixtures/hostile-images";
import { HOSTILE_VIDEOS, tinyMov } from "../../fixtures/videos";
import { stampForm } from "../../../app/server/auditions/form-timing.server";


function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((d) => d.isFile()).map((d) => path.join(d.parentPath, d.name));
}

describe(`online audition applications (${testEngine()})`, () => {
  const server = useAppServer({ beforeAll, afterAll }, { env: { SESSION_SECRET: TEST_SESSION_SECRET }, signIn: true });
  const privateFiles = () => filesUnder(path.join(server.dataDir, "private"));
  // Each story comes from its own address: the per-address limit is not what these tests are about.
  let address = 0;
  const post = (form: FormData, url = "/audition/apply") =>
    fetch(`${server.baseURL}${url}`, { method: "POST", body: form, redirect: "manual", headers: { Origin: server.baseURL, "X-Forwarded-For": `198.51.100.${++address}` } });

  it("an application with photos and a video file is received: a receipt number, private files without metadata, nothing public", async () => {
    const before = new Set(privateFiles());
    const response = await post(await applicationForm());
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/audition/apply/complete");
    expect(response.headers.get("cache-control")).toBe("no-store");
    const cookie = response.headers.get("set-cookie")!.split(";")[0]!;

    const complete = await fetch(`${server.baseURL}/audition/apply/complete`, { headers: { Cookie: cookie } });
    const html = await complete.text();
    expect(html).toMatch(new RegExp(`AUD-${kstDate(new Date()).slice(0, 4)}-\\d{6}`));
    expect(html).toContain("지원서가 접수되었습니다");
    expect(complete.headers.get("cache-control")).toBe("no-store");
    expect(complete.headers.get("x-cache")).toBeNull();
    // Without the cookie (another visitor), no receipt.
    const other = await (await fetch(`${server.baseURL}/audition/apply/complete`)).text();
    expect(other).not.toMatch(/AUD-\d{4}-\d{6}/);

    const all = privateFiles().filter((f) => !before.has(f));
    // Two photos (re-encoded JPEG and a WebP preview each) and the video.
    expect(all.map((f) => path.extname(f)).sort()).toEqual([".jpg", ".jpg", ".video", ".webp", ".webp"]);
    for (const file of all.filter((f) => f.endsWith(".jpg"))) {
      const meta = await sharp(file).metadata();
      expect(meta.exif).toBeUndefined();
      expect(fs.readFileSync(file).includes("applicant-secret-location")).toBe(false);
    }
    // Nothing of the applicant is in the public media folder, or reachable through /media.
    expect(filesUnder(path.join(server.dataDir, "media"))).toHaveLength(0);
    for (const file of all) {
      const relative = path.relative(path.join(server.dataDir, "private"), file);
      for (const url of [`/media/${relative}`, `/media/../private/${relative}`, `/media/%2e%2e/private/${relative}`]) {
        const res = await fetch(`${server.baseURL}${url}`);
        expect(res.status, url).toBe(404);
        const body = Buffer.from(await res.arrayBuffer());
        expect(body.equals(fs.readFileSync(file)), url).toBe(false);
        expect(res.headers.get("content-type") ?? "", url).not.toMatch(/^(image|video)\//);
      }
    }
  });

  it("a MOV file or a video link is taken too", async () => {
    expect((await post(await applicationForm({ video: tinyMov(50_000) }))).status).toBe(302);
    expect((await post(await applicationForm({ video: null, fields: { videoUrl: "https://www.youtube.com/watch?v=dQw4w9WgXcQ" } }))).status).toBe(302);
  });

  it("refused without consent: the page keeps what was typed and says to choose the files again; nothing is stored", async () => {
    const before = privateFiles().length;
    const response = await post(await applicationForm({ fields: { consent: "", name: "이도윤", career: "뮤지컬 앙상블" } }));
    expect(response.status).toBe(400);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const html = await response.text();
    expect(html).toContain("개인정보 수집·이용에 동의해야 지원할 수 있습니다.");
    expect(html).toContain('value="이도윤"');
    expect(html).toContain("뮤지컬 앙상블");
    expect(html).toContain("파일을 다시 첨부해 주세요");
    expect(privateFiles().length).toBe(before);
  });

  it("an applicant under 14 needs a guardian's name, phone and consent", async () => {
    const birthDate = `${Number(kstDate(new Date()).slice(0, 4)) - 10}-01-15`;
    const without = await post(await applicationForm({ fields: { birthDate } }));
    expect(without.status).toBe(400);
    const html = await without.text();
    expect(html).toContain("법정대리인(부모님 등)의 이름을 입력해 주세요.");
    expect(html).toContain("법정대리인이 개인정보 수집·이용에 동의해야");
    const withGuardian = await post(await applicationForm({ fields: { birthDate, guardianName: "박보호", guardianPhone: "01098765432", guardianConsent: "on" } }));
    expect(withGuardian.status).toBe(302);
  });

  it("a second application from the same phone or e-mail is answered exactly like a first one, so the form tells nobody whether someone else applied", async () => {
    // What a submitter can see of an answer, apart from what differs on every request (its date and
    // request id, the CSP nonce, the receipt inside the signed cookie).
    const observable = async (response: Response) => ({
      status: response.status,
      headers: [...response.headers.entries()]
        .filter(([name]) => !["date", "x-request-id"].includes(name))
        .map(([name, value]) => [name, value.replace(/^we_receipt=[^;]+/, "we_receipt=RECEIPT").replace(/'nonce-[^']+'/, "'nonce-N'")]),
      body: (await response.text()).replace(/AUD-\d{4}-\d{6}/g, "RECEIPT"),
    });
    const receiptOf = async (response: Response) => {
      const cookie = response.headers.get("set-cookie")!.split(";")[0]!;
      return /AUD-\d{4}-\d{6}/.exec(await (await fetch(`${server.baseURL}/audition/apply/complete`, { headers: { Cookie: cookie } })).text())?.[0];
    };

    const victim = await applicationForm();
    const phone = String(victim.get("phone"));
    const email = String(victim.get("email"));
    expect((await post(victim)).status).toBe(302);

    for (const url of ["/audition/apply", "/audition/apply/submit"]) {
      const first = await post(await applicationForm(), url);
      const samePhone = await post(await applicationForm({ fields: { phone: phone.replace(/-/g, "") } }), url);
      const sameEmail = await post(await applicationForm({ fields: { email: email.toUpperCase() } }), url);
      const both = await post(await applicationForm({ fields: { phone, email } }), url);
      const reference = await observable(first.clone());
      expect(reference.status, url).toBe(url === "/audition/apply" ? 302 : 200);
      for (const duplicate of [samePhone, sameEmail, both]) {
        expect(await observable(duplicate.clone()), url).toEqual(reference);
        // Received for real: a receipt number of its own on the confirmation page.
        expect(await receiptOf(duplicate), url).toMatch(/^AUD-\d{4}-\d{6}$/);
      }
    }

    // With the victim's phone and two files that are no photos, the answer is the photo check's, as for
    // anyone: the duplicate goes through the same checks and decoding before anything is decided.
    const junk = [new Uint8Array(Buffer.from("not a photo, just bytes")), new Uint8Array(Buffer.from("GIF89a junk"))];
    const answers = [];
    for (const fields of [{ phone }, { email }, {}] as Record<string, string>[]) {
      const response = await post(await applicationForm({ fields, photos: junk }), "/audition/apply/submit");
      const body = (await response.json()) as { errors: Record<string, string>; message: string; values: Record<string, string> };
      answers.push({ status: response.status, errors: body.errors, message: body.message, keys: Object.keys(body).sort() });
    }
    expect(answers[0]!.status).toBe(400);
    expect(answers[0]!.errors.photos).toMatch(/^1번째 사진\(‘[^’]+’\): /);
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);

    // The agency sees them: the victim's first application and the duplicates are flagged in the workspace.
    const list = await (await fetch(`${server.baseURL}/admin/auditions?q=${encodeURIComponent(phone)}`, { headers: { Cookie: server.cookie } })).text();
    expect(list).toContain("5건의 지원서");
    expect(list.match(/status-badge--duplicate/g)).toHaveLength(5);
  });

  it("hostile photos and videos are refused with a message next to them, and nothing is kept", async () => {
    const before = privateFiles().length;
    const jpeg = new Uint8Array(await sharp({ create: { width: 64, height: 64, channels: 3, background: "#000" } }).png().toBuffer());
    for (const hostile of [pngBomb(), gifJsPolyglot(), pngWithHtmlTail(Buffer.from(jpeg))]) {
      const response = await post(await applicationForm({ photos: [new Uint8Array(hostile), jpeg] }));
      expect(response.status).toBe(400);
      expect(await response.text()).toMatch(/번째 사진\(‘[^’]+’\): /);
    }
    for (const [name, bytes] of Object.entries(HOSTILE_VIDEOS)) {
      if (bytes.byteLength === 0) continue;
      const response = await post(await applicationForm({ video: bytes }));
      expect(response.status, name).toBe(400);
      expect(await response.text(), name).toMatch(/MP4 또는 MOV 영상 파일이 아닙니다|영상 파일이 손상되었거나/);
    }
    expect(privateFiles().length).toBe(before);
  });

  it("bots: a filled honeypot and a form sent at once are refused; a forged stamp too", async () => {
    const trap = await post(await applicationForm({ fields: { homepage: "https://spam.example" } }));
    expect(trap.status).toBe(400);
    const fast = await post(await applicationForm({ stamp: stampForm(TEST_SESSION_SECRET, new Date()) }));
    expect(fast.status).toBe(400);
    expect(await fast.text()).toContain("너무 빨리 제출되었습니다");
    const forged = await post(await applicationForm({ stamp: oldStamp("another-secret-another-secret-another-secret") }));
    expect(forged.status).toBe(400);
  });

  it("the JavaScript form's address answers JSON: the location on success, the messages on failure", async () => {
    const ok = await post(await applicationForm(), "/audition/apply/submit");
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ location: "/audition/apply/complete" });
    expect(ok.headers.get("set-cookie")).toMatch(/^we_receipt=/);
    const refused = await post(await applicationForm({ fields: { email: "not-an-address" } }), "/audition/apply/submit");
    expect(refused.status).toBe(400);
    const body = (await refused.json()) as { message: string; errors: Record<string, string>; values: Record<string, string> };
    expect(body.errors.email).toContain("이메일 주소 형식이 올바르지 않습니다");
    expect(body.values.email).toBe("not-an-address");
    expect(body.message).toBeTruthy();
    expect((await fetch(`${server.baseURL}/audition/apply/submit`)).status).toBe(405);
  });

  it("the form page is never cached (it carries a time stamp per visit)", async () => {
    const first = await fetch(`${server.baseURL}/audition/apply`);
    const second = await fetch(`${server.baseURL}/audition/apply`);
    expect(first.headers.get("cache-control")).toBe("no-store");
    expect(second.headers.get("x-cache")).toBeNull();
    const stamp = (html: string) => /name="startedAt" value="([^"]+)"/.exec(html)?.[1];
    expect(stamp(await first.text())).toBeTruthy();
    await second.text();
  });

  it("a cross-site post is refused before anything is read", async () => {
    const response = await fetch(`${server.baseURL}/audition/apply`, { method: "POST", body: await applicationForm(), headers: { Origin: "https://evil.example" }, redirect: "manual" });
    expect(response.status).toBe(403);
  });
});
