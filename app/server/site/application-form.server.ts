import { randomBytes } from "node:crypto";
import path from "node:path";
import { APPLICATION_FORM_TYPES, type ApplicationFormType } from "../../domain/application-form-file";
import type { Services } from "../platform/services.server";
import type { MediaStorage } from "../platform/storage.server";
import { getSiteSettings, type StoredApplicationForm } from "./settings.server";

/**
 * The audition application form file: its type is read from the bytes (never from the file name or
 * the browser's type), it is stored under a server-generated key, and served at one stable address.
 */

const OLE2_SIGNATURE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const ZIP_SIGNATURE = Buffer.from("PK\x03\x04", "latin1");

const has = (bytes: Buffer, marker: string | Buffer) => bytes.indexOf(marker) !== -1;

/**
 * The document type of a file by its content: PDF (`%PDF-`), HWP (an OLE2 compound file with the
 * `FileHeader` stream saying "HWP Document File"), HWPX (a zip whose `mimetype` is application/hwp+zip)
 * or DOCX (a zip with `[Content_Types].xml` and `word/document.xml`); null for anything else.
 */
export function sniffApplicationFormType(data: Uint8Array): ApplicationFormType | null {
  const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  if (bytes.subarray(0, 5).toString("latin1") === "%PDF-") return "pdf";
  if (bytes.subarray(0, 8).equals(OLE2_SIGNATURE)) {
    return has(bytes, Buffer.from("FileHeader", "utf16le")) && has(bytes, "HWP Document File") ? "hwp" : null;
  }
  if (bytes.subarray(0, 4).equals(ZIP_SIGNATURE)) {
    if (has(bytes, "mimetype") && has(bytes, "application/hwp+zip") && has(bytes, "Contents/")) return "hwpx";
    if (has(bytes, "[Content_Types].xml") && has(bytes, "word/document.xml")) return "docx";
  }
  return null;
}

/** The keys applicationFormKey makes (readApplicationForm reads no other; the orphan sweep knows them by it). */
export const APPLICATION_FORM_KEY_PATTERN = String.raw`files/[0-9a-f]{32}\.(?:${Object.keys(APPLICATION_FORM_TYPES).join("|")})`;

const APPLICATION_FORM_KEY = new RegExp(`^${APPLICATION_FORM_KEY_PATTERN}$`);

/** Where uploaded application forms live in the storage. */
export function applicationFormKey(type: ApplicationFormType): string {
  return `files/${randomBytes(16).toString("hex")}.${type}`;
}

/** Stores the file's bytes under a new key; the caller records it in the settings. */
export async function storeApplicationForm(storage: MediaStorage, type: ApplicationFormType, bytes: Uint8Array): Promise<StoredApplicationForm> {
  const key = applicationFormKey(type);
  await storage.put(key, bytes);
  return { key, type, bytes: bytes.byteLength, uploadedAt: new Date().toISOString() };
}

/** The stored file's bytes, or null when it is gone (or the settings name a key that is not a form's). */
export async function readApplicationForm(storage: MediaStorage, form: StoredApplicationForm): Promise<Uint8Array | null> {
  if (!APPLICATION_FORM_KEY.test(form.key)) return null;
  return storage.get(form.key);
}

/** The download's file name: fixed and Korean, so nothing a user typed reaches the header. */
export function applicationFormFileName(type: ApplicationFormType): string {
  return `WE_ENTERTAINMENT_오디션_지원서.${type}`;
}

/** Content-Disposition with an ASCII fallback and the Korean name in RFC 5987 form. */
export function applicationFormDisposition(type: ApplicationFormType): string {
  return `attachment; filename="we-entertainment-audition-application.${type}"; filename*=UTF-8''${encodeURIComponent(applicationFormFileName(type))}`;
}

export function applicationFormContentType(type: ApplicationFormType): string {
  return APPLICATION_FORM_TYPES[type].contentType;
}

/**
 * The download response: the stored file with its type, a Korean file name (RFC 5987) and a validator
 * (the stable address keeps its content until a new file is uploaded); the bundled form when none is.
 * Every response of the app says `X-Content-Type-Options: nosniff` already (pipeline/security-headers.server.ts).
 */
export async function serveApplicationForm(services: Pick<Services, "db" | "storage">, request: Request, fallbackPath: string): Promise<Response> {
  const { applicationForm } = await getSiteSettings(services.db);
  const bytes = applicationForm ? await readApplicationForm(services.storage, applicationForm) : null;
  if (!applicationForm || !bytes) return new Response(null, { status: 302, headers: { Location: fallbackPath, "Cache-Control": "no-cache" } });
  const etag = `"${path.basename(applicationForm.key)}"`;
  const headers = {
    "Content-Type": applicationFormContentType(applicationForm.type),
    "Content-Disposition": applicationFormDisposition(applicationForm.type),
    "Cache-Control": "no-cache",
    ETag: etag,
  };
  if (request.headers.get("If-None-Match") === etag) return new Response(null, { status: 304, headers });
  return new Response(new Uint8Array(bytes), { headers: { ...headers, "Content-Length": String(bytes.byteLength) } });
}
