import fs from "node:fs";
import path from "node:path";
import { request as playwrightRequest, type APIRequestContext, type Page } from "@playwright/test";
import sharp from "sharp";
import { E2E_ADMIN } from "../credentials";

export { E2E_ADMIN };

let ipCounter = 0;
/** A client address of its own (the e2e server trusts X-Forwarded-For from loopback), so throttling of one test never touches another. */
export function uniqueClientIp(): string {
  ipCounter += 1;
  return `198.51.${(process.pid % 250) + 1}.${(ipCounter % 250) + 1}`;
}

export function uniqueName(prefix: string): string {
  return `${prefix}${Date.now().toString(36).slice(-4)}${Math.random().toString(36).slice(2, 5)}`;
}

/** Signs in through the real form, like the administrator does. */
export async function signIn(page: Page): Promise<void> {
  await page.goto("/adminLogin");
  await page.getByLabel("아이디").fill(E2E_ADMIN.id);
  await page.getByLabel("비밀번호").fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "로그인" }).click();
  await page.waitForURL((url) => url.pathname === "/");
}

/** An API client with the administrator's session cookie (signed in with a native form POST). */
export async function adminApi(baseURL: string): Promise<APIRequestContext> {
  const api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { "X-Forwarded-For": uniqueClientIp() } });
  const response = await api.post("/adminLogin", {
    form: { id: E2E_ADMIN.id, password: E2E_ADMIN.password, redirectTo: "/" },
    headers: { Origin: baseURL },
    maxRedirects: 0,
  });
  if (response.status() !== 302) throw new Error(`sign-in failed: ${response.status()}`);
  return api;
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
