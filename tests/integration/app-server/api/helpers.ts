import sharp from "sharp";
import type { UsedAppServer } from "../../../setup/app-server";

/** The server a call goes to (and, when it has a PUBLIC_ORIGIN, the origin its pages are on). */
type Target = Pick<UsedAppServer, "baseURL"> & { origin?: string };

export interface Call {
  method: string;
  path: string;
  body?: unknown;
  cookie?: string;
  headers?: Record<string, string>;
  rawBody?: BodyInit;
}

/** One HTTP call to the server the way a browser client on the site's origin makes it. */
export async function call(server: Target, c: Call): Promise<{ status: number; body: unknown; headers: Headers }> {
  const headers: Record<string, string> = { Origin: server.origin ?? server.baseURL, ...(c.headers ?? {}) };
  // An empty Origin means "no Origin header" (a non-browser client).
  if (headers.Origin === "") delete headers.Origin;
  if (c.cookie) headers.Cookie = c.cookie;
  let body: BodyInit | undefined = c.rawBody;
  if (c.body !== undefined) {
    headers["Content-Type"] ??= "application/json";
    body = JSON.stringify(c.body);
  }
  const response = await fetch(server.baseURL + c.path, { method: c.method, headers, body, redirect: "manual" });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON: kept as text.
  }
  return { status: response.status, body: parsed, headers: response.headers };
}

export async function uploadImage(server: Target, cookie: string, color: string): Promise<{ status: number; body: unknown }> {
  const photo = await sharp({ create: { width: 600, height: 800, channels: 3, background: color } }).jpeg().toBuffer();
  const form = new FormData();
  form.append("image", new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), "photo.jpg");
  const response = await fetch(`${server.baseURL}/api/img`, { method: "POST", headers: { Cookie: cookie, Origin: server.baseURL }, body: form });
  return { status: response.status, body: await response.json() };
}

/** Creates an API token through the admin page, as the administrator would, and reads it from the page. */
export async function createToken(server: Target, cookie: string, name: string): Promise<{ token: string }> {
  const response = await fetch(`${server.baseURL}/adminApiTokens`, {
    method: "POST",
    headers: { Cookie: cookie, Origin: server.baseURL, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ name, intent: "create" }),
  });
  const html = await response.text();
  const token = /<code class="token-value">(we_[A-Za-z0-9_-]+)<\/code>/.exec(html)?.[1];
  if (!token) throw new Error(`no token in page (${response.status})`);
  return { token };
}

export async function revokeToken(server: Target, cookie: string, name: string): Promise<void> {
  const page = await (await fetch(`${server.baseURL}/adminApiTokens`, { headers: { Cookie: cookie } })).text();
  const id = new RegExp(`<td>${name}</td>[\\s\\S]*?name="id" value="(\\d+)"`).exec(page)?.[1];
  if (!id) throw new Error("token not listed");
  const response = await fetch(`${server.baseURL}/adminApiTokens`, {
    method: "POST",
    headers: { Cookie: cookie, Origin: server.baseURL, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ id, intent: "revoke" }),
  });
  if (response.status !== 200) throw new Error(`revoke failed: ${response.status}`);
}
