import fs from "node:fs";
import path from "node:path";
import { expect, request as playwrightRequest, test, type APIRequestContext, type Page } from "@playwright/test";
import sharp from "sharp";
import { signInCookie, TEST_ADMIN, uniqueClientIp, withTotpCode, type AdminCredential } from "../../setup/sign-in";
import { oldStamp } from "../../fixtures/audition-stamp";

export { TEST_ADMIN, uniqueClientIp };

/**
 * The sign-in's second step in the page (decision 040), as the administrator types it: the code is
 * computed from the account's TOTP secret, handed out once across the test processes (a server takes
 * each step's code once), and `enter` types and sends it (default: fill the field, press 확인). Waits
 * until the page leaves the second step; a refused code (already used elsewhere) is followed by the next.
 */
export async function passSecondStep(
  page: Page,
  baseURL: string,
  options: { admin?: AdminCredential; enter?: (code: string) => Promise<void> } = {},
): Promise<void> {
  const enter =
    options.enter ??
    (async (code: string) => {
      await page.getByLabel("인증 코드").fill(code);
      await page.getByRole("button", { name: "확인", exact: true }).click();
    });
  await expect(page).toHaveURL(/\/adminLogin\/verify/);
  await withTotpCode(baseURL, options.admin ?? TEST_ADMIN, async (code) => {
    const refused = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/adminLogin/verify") && r.status() === 401);
    const left = page.waitForURL((url) => url.pathname !== "/adminLogin/verify");
    await enter(code);
    const outcome = await Promise.race([left.then(() => null), refused]);
    if (outcome === null) return "accepted";
    return (await outcome.text()).includes("이미 사용한") ? "replayed" : "wrong";
  });
}

export function uniqueName(prefix: string): string {
  return `${prefix}${Date.now().toString(36).slice(-4)}${Math.random().toString(36).slice(2, 5)}`;
}

/** An API client with the administrator's session cookie. */
export async function adminApi(baseURL: string): Promise<APIRequestContext> {
  const cookie = await signInCookie(baseURL);
  return playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { Cookie: cookie, "X-Forwarded-For": uniqueClientIp() } });
}

/** A portrait JPEG made on the spot (optionally with EXIF GPS data). */
export async function portraitJpeg(color: string, options: { gps?: boolean; width?: number; height?: number } = {}): Promise<Buffer> {
  let image = sharp({ create: { width: options.width ?? 600, height: options.height ?? 800, channels: 3, background: color } });
  if (options.gps) {
    image = image.withExif({ IFD0: { Make: "E2ECam", Model: "GPS" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "37/1 33/1 0/1", GPSLongitudeRef: "E", GPSLongitude: "126/1 58/1 0/1" } });
  }
  return image.jpeg({ quality: 80 }).toBuffer();
}

/** Files under the e2e server's media directory (to prove a refused upload stored nothing). */
export function storedMediaFiles(): string[] {
  const root = path.join(process.env.E2E_DATA_DIR ?? "", "media");
  if (!fs.existsSync(root)) return [];
  return fs.readdirSync(root, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

/** What an e2e applicant types into the public audition form; every field can be overridden. */
export interface TestApplicationFields {
  name: string;
  birthDate: string;
  gender: "female" | "male" | "other";
  phone: string;
  email: string;
  height: string;
  weight: string;
  career: string;
  introduction: string;
  videoUrl: string;
}

/**
 * Applies through the public form (`POST /audition/apply`, multipart, as a browser without JavaScript
 * sends it) with two JPEG photos, from a client address of its own (the per-address limit). The form's
 * signed time stamp is dated back (the e2e server runs with the tests' SESSION_SECRET) instead of
 * waiting out the minimum fill time. Returns the receipt number from the confirmation page. The one
 * place e2e stories create applications: the server holds its PGlite, and there is no test-only route.
 */
/** An application through the public form: the Korean one, or the English one under /en (`english`, decision 065). */
export async function submitTestApplication(
  request: APIRequestContext,
  overrides: Partial<TestApplicationFields> = {},
  { english = false }: { english?: boolean } = {},
): Promise<TestApplicationFields & { receiptNumber: string }> {
  const formPath = english ? "/en/audition/apply" : "/audition/apply";
  const unique = `${Date.now()}${Math.floor(Math.random() * 1000)}`.slice(-8);
  const fields: TestApplicationFields = {
    name: uniqueName("지원자"),
    birthDate: "2003-04-05",
    gender: "female",
    phone: `010-${unique.slice(0, 4)}-${unique.slice(4)}`,
    email: `e2e-${unique}@example.com`,
    height: "168",
    weight: "",
    career: "연기 학원 1년",
    introduction: "안녕하세요. 연기를 사랑하는 지원자입니다.",
    videoUrl: "https://youtu.be/dQw4w9WgXcQ",
    ...overrides,
  };
  const clientIp = uniqueClientIp();
  const formPage = await request.get(formPath, { headers: { "X-Forwarded-For": clientIp } });
  if (!formPage.ok()) throw new Error(`GET ${formPath} answered ${formPage.status()}`);
  const startedAt = oldStamp();

  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append("consent", "on");
  form.append("startedAt", startedAt);
  for (const [index, color] of ["#c87", "#78c"].entries()) {
    form.append("photos", new Blob([new Uint8Array(await portraitJpeg(color))], { type: "image/jpeg" }), `photo-${index + 1}.jpg`);
  }
  const baseURL = new URL(formPage.url()).origin;
  const response = await request.post(formPath, { multipart: form, headers: { Origin: baseURL, "X-Forwarded-For": clientIp } });
  const page = await response.text();
  const receipt = /AUD-\d{4}-\d{6}/.exec(page);
  if (!response.ok() || !receipt) throw new Error(`the application was not accepted (${response.status()}): ${page.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ").slice(0, 400)}`);
  return { ...fields, receiptNumber: receipt[0] };
}

/**
 * For each test of the file that calls it: the site's origin and an API client with the administrator's
 * session, made before the test and disposed after it.
 */
export function adminApiForEachTest(): { readonly api: APIRequestContext; readonly origin: string } {
  const current = {} as { api: APIRequestContext; origin: string };
  test.beforeEach(async ({ baseURL }) => {
    current.origin = baseURL!;
    current.api = await adminApi(baseURL!);
  });
  test.afterEach(() => current.api.dispose());
  return current;
}
