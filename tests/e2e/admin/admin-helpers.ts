import fs from "node:fs";
import path from "node:path";
import { request as playwrightRequest, type APIRequestContext } from "@playwright/test";
import sharp from "sharp";
import { signInCookie, TEST_ADMIN, uniqueClientIp } from "../../setup/sign-in";

export { TEST_ADMIN, uniqueClientIp };

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
