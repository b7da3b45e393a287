/**
 * Requests to a test server the way a browser on the site makes them, as a visitor or signed in as the
 * administrator (`cookie`: the session cookie from tests/setup/sign-in.ts, or `server.cookie` of a
 * server started with `signIn: true`): the one place the Vitest suites write them. Redirects are
 * answers to look at, not followed.
 */
import sharp from "sharp";
import type { UsedAppServer } from "./app-server";

/** The server a call goes to (and, when it has a PUBLIC_ORIGIN, the origin its pages are on). */
type Target = Pick<UsedAppServer, "baseURL"> & { origin?: string };

/** A page as a visitor gets it, or as the administrator with `cookie`. */
export async function getPage(server: Target, path: string, cookie?: string): Promise<{ status: number; html: string; headers: Headers }> {
  const response = await fetch(server.baseURL + path, { headers: cookie ? { Cookie: cookie } : {}, redirect: "manual" });
  return { status: response.status, html: await response.text(), headers: response.headers };
}

/** A form post as the admin pages send it without JavaScript: urlencoded, from the site's own origin. */
export function postForm(server: Target, cookie: string, path: string, fields: Record<string, string> | [string, string][] | URLSearchParams): Promise<Response> {
  return fetch(server.baseURL + path, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { Cookie: cookie, Origin: server.origin ?? server.baseURL, "Content-Type": "application/x-www-form-urlencoded" },
    redirect: "manual",
  });
}

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

/** Uploads a file as the image of `POST /api/img` (any name, type and bytes), as the administrator. */
export async function uploadFile(server: Target, cookie: string, file: { name: string; type: string; bytes: Uint8Array }): Promise<{ status: number; body: unknown }> {
  const form = new FormData();
  form.append("image", new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  const response = await fetch(`${server.baseURL}/api/img`, { method: "POST", headers: { Cookie: cookie, Origin: server.origin ?? server.baseURL }, body: form });
  return { status: response.status, body: await response.json() };
}

/** Uploads a 600×800 JPEG of one colour through the API (`POST /api/img`) as the administrator. */
export async function uploadImage(server: Target, cookie: string, color: string): Promise<{ status: number; body: unknown }> {
  const photo = await sharp({ create: { width: 600, height: 800, channels: 3, background: color } }).jpeg().toBuffer();
  return uploadFile(server, cookie, { name: "photo.jpg", type: "image/jpeg", bytes: photo });
}

/** Creates an API token through the admin page, as the administrator would, and reads it from the page. */
export async function createToken(server: Target, cookie: string, name: string, choices: { scopes?: string; lifetimeDays?: string } = {}): Promise<{ token: string }> {
  const response = await postForm(server, cookie, "/adminApiTokens", { name, intent: "create", ...choices });
  const html = await response.text();
  const token = /<code class="token-value">(we_[A-Za-z0-9_-]+)<\/code>/.exec(html)?.[1];
  if (!token) throw new Error(`no token in page (${response.status})`);
  return { token };
}

export async function revokeToken(server: Target, cookie: string, name: string): Promise<void> {
  const { html } = await getPage(server, "/adminApiTokens", cookie);
  const id = new RegExp(`<td>${name}</td>[\\s\\S]*?name="id" value="(\\d+)"`).exec(html)?.[1];
  if (!id) throw new Error("token not listed");
  const response = await postForm(server, cookie, "/adminApiTokens", { id, intent: "revoke" });
  if (response.status !== 200) throw new Error(`revoke failed: ${response.status}`);
}
