import { and, eq } from "drizzle-orm";
import { auditionApplications, auditionFiles } from "../../../drizzle/schema";
import { adminAuditionFilePath, adminAuditionPath } from "../../domain/auditions";
import { staffActor } from "../../server/route-kit/workspace-forms.server";
import { staffSessionOf } from "../../server/route-kit/access-gate.server";
import { recordAccess, type RecentAccessMatch } from "../../server/privacy/access-records.server";
import { issueDownloadTicket, redeemDownloadTicket } from "../../server/privacy/download-tickets.server";
import type { AccessReason } from "../../domain/access-records";
import { flashRedirect } from "../../server/route-kit/workspace-forms.server";
import type { RequestContext } from "../../server/route-kit/context.server";
import { parseByteRange } from "../../server/route-kit/byte-range.server";
import { applicationFiles } from "../../server/auditions/audition-admin-queries.server";

/**
 * An applicant's photo or video, for the signed-in administrator only (GET and HEAD
 * /admin/auditions/:id/files/:fileId). Never cached anywhere (`private, no-store`; the page cache
 * skips every admin path), never sniffed, always with a file name of ours (the receipt number, never
 * what the applicant's file was called), and with byte ranges so a video can be played and sought
 * from the private storage without reading it whole.
 */

const EXTENSIONS: Record<string, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
  "image/avif": "avif",
  "video/mp4": "mp4",
  "video/quicktime": "mov",
};

const FILE_ID = /^[0-9a-f]{32}$/;

const baseHeaders = () =>
  new Headers({
    // `X-Content-Type-Options: nosniff` is on every response of the app already (pipeline/security-headers.server.ts).
    "Cache-Control": "private, no-store",
    // Opened on its own, the file runs nothing and embeds nothing.
    "Content-Security-Policy": "default-src 'none'; img-src 'self'; media-src 'self'; sandbox",
    "Cross-Origin-Resource-Policy": "same-origin",
  });

const refusal = (status: 401 | 404 | 416, message: string, extra: Record<string, string> = {}) => {
  const headers = baseHeaders();
  headers.set("Content-Type", "text/plain; charset=utf-8");
  for (const [key, value] of Object.entries(extra)) headers.set(key, value);
  return new Response(message, { status, headers });
};

/** The download's name: "AUD-2026-000123-photo-1.jpg", "AUD-2026-000123-video.mp4", "...-photo-1-thumb.webp". */
export function applicantFileName(receiptNumber: string, file: { kind: "photo" | "video"; contentType: string }, photoNumber: number, thumb: boolean): string {
  if (thumb) return `${receiptNumber}-photo-${photoNumber}-thumb.webp`;
  const extension = EXTENSIONS[file.contentType] ?? "bin";
  return file.kind === "photo" ? `${receiptNumber}-photo-${photoNumber}.${extension}` : `${receiptNumber}-video.${extension}`;
}

/**
 * What a request for a file already recorded looks like (decision 039), so it is not recorded again: a
 * thumbnail, or an image shown inside the application's page (`Sec-Fetch-Dest: image`), right after that
 * page's view; the same file opened again or a video's further byte ranges within the window. A request
 * that matches no recent entry is recorded whatever its headers say, so none of them hides an access.
 * (A download was recorded with its reason when its ticket was issued: `startApplicantDownload`.)
 */
function coveredBy(request: Request, fileId: string, thumb: boolean): RecentAccessMatch[] {
  const pageImage = thumb || request.headers.get("Sec-Fetch-Dest") === "image";
  return pageImage ? [{ action: "view" }, { action: "file-view", fileId }] : [{ action: "file-view", fileId }];
}

/** The photo's number on the application (1, 2, ...), or 0 for the video. */
async function photoNumberOf(db: RequestContext["runtime"]["db"], applicationId: number, file: { id: string; kind: "photo" | "video" }): Promise<number> {
  return file.kind === "photo" ? (await applicationFiles(db, applicationId)).filter((f) => f.kind === "photo").findIndex((f) => f.id === file.id) + 1 : 0;
}

/**
 * A download asked for in the application's page, its reason already checked (decision 066): the
 * access record with the reason (decision 039), then the file's one-time address for this session, or
 * null when the application has no such file.
 */
export async function startApplicantDownload(ctx: RequestContext, applicationId: number, fileId: string, reason: AccessReason): Promise<string | null> {
  const session = staffSessionOf(ctx);
  if (!FILE_ID.test(fileId)) return null;
  const { db } = ctx.runtime;
  const [file] = await db
    .select({ id: auditionFiles.id, kind: auditionFiles.kind, receiptNumber: auditionApplications.receiptNumber })
    .from(auditionFiles)
    .innerJoin(auditionApplications, eq(auditionApplications.id, auditionFiles.applicationId))
    .where(and(eq(auditionFiles.id, fileId), eq(auditionFiles.applicationId, applicationId)));
  if (!file) return null;
  const photoNumber = await photoNumberOf(db, applicationId, file);
  await recordAccess(db, staffActor(session, ctx), {
    action: "file-download",
    receiptNumbers: [file.receiptNumber],
    details: { kind: file.kind, ...(file.kind === "photo" ? { photo: photoNumber } : {}), file: fileId },
    reason,
  });
  const ticket = issueDownloadTicket(ctx.runtime.sessionSecret, { session: session.tokenHash, applicationId, fileId });
  return `${adminAuditionFilePath(applicationId, fileId)}?ticket=${ticket}`;
}

export async function serveApplicantFile(ctx: RequestContext, request: Request, params: { id?: string; fileId?: string }): Promise<Response> {
  // The gate checked the session before this ran (decision 031); without it every address answered the same 401.
  const session = staffSessionOf(ctx);
  const notFound = () => refusal(404, "파일을 찾을 수 없습니다.");
  const id = Number(params.id);
  const fileId = params.fileId ?? "";
  if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647 || !FILE_ID.test(fileId)) return notFound();

  const { db, privateStorage } = ctx.runtime;
  const [file] = await db
    .select({ file: auditionFiles, receiptNumber: auditionApplications.receiptNumber })
    .from(auditionFiles)
    .innerJoin(auditionApplications, eq(auditionApplications.id, auditionFiles.applicationId))
    .where(and(eq(auditionFiles.id, fileId), eq(auditionFiles.applicationId, id)));
  if (!file) return notFound();

  const url = new URL(request.url);
  const thumb = url.searchParams.get("thumb") === "1";
  if (thumb && !file.file.thumbKey) return notFound();
  // A download is asked for in the application's page, with its reason (decisions 039, 066); what
  // comes here is its one-time ticket. An old `?download=1` address, or a ticket used, expired or not
  // this session's, goes back to the application with a word on what to do.
  const ticket = url.searchParams.get("ticket");
  const download = ticket !== null;
  if (!download && url.searchParams.has("download")) return flashRedirect(adminAuditionPath(id), "audition-download-again");
  const key = thumb ? file.file.thumbKey! : file.file.storageKey;
  const contentType = thumb ? "image/webp" : file.file.contentType;
  const size = await privateStorage.size(key);
  if (size === null) {
    ctx.logger.error({ fileId, thumb }, "applicant file missing from the private storage");
    return notFound();
  }

  const photoNumber = await photoNumberOf(db, id, file.file);
  const fileName = applicantFileName(file.receiptNumber, file.file, photoNumber, thumb);
  const headers = baseHeaders();
  headers.set("Content-Type", contentType);
  headers.set("Content-Disposition", `${download ? "attachment" : "inline"}; filename="${fileName}"`);
  headers.set("Accept-Ranges", "bytes");

  const range = parseByteRange(request.headers.get("Range"), size);
  if (range === "unsatisfiable") return refusal(416, "요청한 범위가 파일의 크기를 벗어났습니다.", { "Content-Range": `bytes */${size}`, "Accept-Ranges": "bytes" });
  const partial = range !== "full";
  if (ticket !== null) {
    // HEAD and a download's continuation check the ticket without using it up.
    const continuation = ctx.method === "HEAD" || (range !== "full" && range.start > 0);
    const check = await redeemDownloadTicket(db, ctx.runtime.sessionSecret, ticket, { session: session.tokenHash, applicationId: id, fileId }, { continuation });
    if (check !== "ok") return flashRedirect(adminAuditionPath(id), "audition-download-again");
  }
  const length = partial ? range.end - range.start + 1 : size;
  headers.set("Content-Length", String(length));
  if (partial) headers.set("Content-Range", `bytes ${range.start}-${range.end}/${size}`);
  const status = partial ? 206 : 200;
  // HEAD: the headers only (no file is opened, so none is left open).
  if (ctx.method === "HEAD") return new Response(null, { status, headers });
  if (!download) {
    await recordAccess(ctx.runtime.db, staffActor(session, ctx), {
      action: "file-view",
      receiptNumbers: [file.receiptNumber],
      // `file` is the stored file's random id (which file, for `unlessRecent`); never its name.
      details: { kind: file.file.kind, ...(file.file.kind === "photo" ? { photo: photoNumber } : {}), ...(thumb ? { thumb: true } : {}), file: fileId },
      unlessRecent: coveredBy(request, fileId, thumb),
    });
  }
  const body = size === 0 ? null : await privateStorage.stream(key, partial ? range : undefined);
  if (size !== 0 && !body) return notFound();
  return new Response(body, { status, headers });
}
