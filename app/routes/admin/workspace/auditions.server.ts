import { data, redirectDocument } from "react-router";
import {
  AUDITION_CSV_COLUMNS,
  AUDITION_STATUS_OPTIONS,
  auditionNotesSchema,
  auditionSelectionSchema,
  auditionStatusChangeSchema,
  MAX_AUDITION_NOTES_LENGTH,
  MAX_AUDITION_QUERY_LENGTH,
} from "../../../domain/audition-review";
import {
  adminAuditionFilePath,
  adminAuditionPath,
  ageNow,
  AUDITION_STATUS_LABELS,
  DUPLICATE_APPLICATION_LABEL,
  ENGLISH_APPLICATION_LABEL,
  DUPLICATE_WINDOW_DAYS,
  GENDER_LABELS,
  isAuditionStatus,
  VIDEO_HOST_LABELS,
  videoLinkHost,
  type Gender,
} from "../../../domain/auditions";
import { formatKst, kstDate } from "../../../domain/kst";
import { formatBytes } from "../../../domain/media-uses";
import { WORKSPACE_PATHS } from "../../../domain/paths";
import { toCsv } from "../../../lib/csv";
import { parsePage } from "../../../lib/pagination";
import { telHref } from "../../../lib/tel";
import { applicationsForExport, getApplicationForAdmin, listApplicationsForWorkspace } from "../../../server/auditions/audition-admin-queries.server";
import { deleteApplications } from "../../../server/auditions/audition-retention.server";
import { changeApplicationStatus, recordApplicationsExport, saveApplicationNotes } from "../../../server/auditions/audition-review.server";
import { staffActor, flashRedirect, INVALID_MESSAGE, listReturnPath, readStaffForm, replyWith } from "../../../server/route-kit/workspace-forms.server";
import { staffSessionOf } from "../../../server/route-kit/access-gate.server";
import type { RequestContext } from "../../../server/route-kit/context.server";
import { recordAccess } from "../../../server/privacy/access-records.server";
import { requireDownloadReason } from "../../../server/privacy/download-reason.server";
import { ACCESS_REASONS, accessReasonSchema, MAX_ACCESS_REASON_TEXT_LENGTH } from "../../../domain/access-records";
import { startApplicantDownload } from "../../admin/audition-file.server";

/**
 * /admin/auditions (the list, its bulk status change and CSV export) and /admin/auditions/:id (one
 * application: its details, photos, video, status, history, notes, and deletion at the applicant's
 * request). Applicants' personal data: administrators only, never cached (the workspace's frame says
 * `private, no-store`, and the page cache skips every admin path).
 */

const genderLabel = (gender: string) => GENDER_LABELS[gender as Gender] ?? gender;

/**
 * A speculative load (a browser's `<link rel=prefetch>` or prerender, `Sec-Purpose: prefetch`; the
 * older `Purpose`/`X-Moz` spellings): nobody looks at it, and it may never be shown.
 */
function isSpeculative(request: Request): boolean {
  const purpose = [request.headers.get("sec-purpose"), request.headers.get("purpose"), request.headers.get("x-moz")].join(";").toLowerCase();
  return /(^|[;,\s])prefetch($|[;,\s])/.test(purpose);
}

/** /admin/auditions: newest first, filtered by status and a search (name, receipt number, phone, e-mail), 20 per page. */
export async function loadWorkspaceAuditions(ctx: RequestContext, request: Request) {
  // The gate let only a signed-in member of staff this far (decision 031); fails loudly on a route outside it.
  const session = staffSessionOf(ctx);
  // The list names applicants, so every view is recorded (below); a prefetch is answered without it
  // and not recorded: a browser drops a refused prefetch and asks again when the page is really opened,
  // and a client that sends the header to hide a view gets nothing to hide (decision 039).
  if (isSpeculative(request)) throw data(null, { status: 403, headers: { "Cache-Control": "no-store" } });
  const params = new URL(request.url).searchParams;
  const statusParam = params.get("status");
  const filter = {
    status: isAuditionStatus(statusParam) ? statusParam : null,
    query: (params.get("q") ?? "").trim().slice(0, MAX_AUDITION_QUERY_LENGTH),
    page: parsePage(params.get("page")),
  };
  const list = await listApplicationsForWorkspace(ctx.runtime.db, filter);
  // HEAD shows nothing of the list: no access to record.
  if (ctx.method !== "HEAD") {
    // Every view of the list, searched, filtered or not, and whether it is the page or its `.data`
    // (each is one loader run, one navigation): one entry with the receipt numbers this page shows,
    // the filter as applied (an unknown status is no filter), the page and how many matched; never
    // the search's text, which is often a name or a phone number (decision 039).
    await recordAccess(ctx.runtime.db, staffActor(session, ctx), {
      action: "search",
      receiptNumbers: list.items.map((row) => row.receiptNumber),
      details: { count: list.total, page: list.page, status: filter.status, query: filter.query !== "" },
    });
  }
  const now = new Date();
  return {
    filter: { status: filter.status ?? "", q: filter.query },
    statusOptions: AUDITION_STATUS_OPTIONS,
    page: list.page,
    pageCount: list.pageCount,
    total: list.total,
    rows: list.items.map((row) => ({
      id: row.id,
      receiptNumber: row.receiptNumber,
      name: row.name,
      age: ageNow(row.birthDate, now),
      receivedAt: formatKst(row.receivedAt),
      status: row.status,
      statusLabel: AUDITION_STATUS_LABELS[row.status],
      href: adminAuditionPath(row.id),
      duplicate: row.duplicate,
      english: row.locale === "en",
    })),
    duplicateLabel: DUPLICATE_APPLICATION_LABEL,
    englishLabel: ENGLISH_APPLICATION_LABEL,
    reasons: ACCESS_REASONS,
    reasonMaxLength: MAX_ACCESS_REASON_TEXT_LENGTH,
  };
}

/** "같은 휴대전화·이메일": what an application shares with another. */
function sharedContactLabel(related: { samePhone: boolean; sameEmail: boolean }): string {
  if (related.samePhone && related.sameEmail) return "같은 휴대전화·이메일";
  return related.samePhone ? "같은 휴대전화" : "같은 이메일";
}

/** The list's bulk status change (intent "status"), with the checked rows' `id`s. */
export async function handleWorkspaceAuditionsAction(ctx: RequestContext, request: Request) {
  const read = await readStaffForm(request, []);
  if ("refused" in read) return read.refused;
  const { form } = read;
  const session = staffSessionOf(ctx);
  const back = listReturnPath(form.get("returnTo"), WORKSPACE_PATHS.auditions);
  if (form.get("intent") !== "status") throw data(null, { status: 400 });
  const selection = auditionSelectionSchema.safeParse(form.getAll("id"));
  if (!selection.success) throw data(null, { status: 400 });
  if (selection.data.length === 0) return flashRedirect(back, "auditions-none-selected");
  const status = auditionStatusChangeSchema.safeParse({ status: form.get("status") });
  if (!status.success) return flashRedirect(back, "auditions-no-status");
  const result = await changeApplicationStatus(ctx.runtime, staffActor(session, ctx), selection.data, status.data.status);
  return flashRedirect(back, result.changed.length > 0 ? "auditions-status-changed" : "audition-status-unchanged");
}

/**
 * POST /admin/auditions/export: the checked applications as a CSV file Excel opens as it is (UTF-8
 * with BOM), one audit entry naming how many and which receipt numbers. Nothing checked: back to the
 * list with a notice.
 */
export async function exportAuditionsCsv(ctx: RequestContext, request: Request): Promise<Response> {
  const read = await readStaffForm(request, []);
  if ("refused" in read) return new Response(null, { status: read.refused.init?.status ?? 400 });
  const { form } = read;
  const session = staffSessionOf(ctx);
  const back = listReturnPath(form.get("returnTo"), WORKSPACE_PATHS.auditions);
  const selection = auditionSelectionSchema.safeParse(form.getAll("id"));
  if (!selection.success) return new Response(null, { status: 400 });
  const rows = await applicationsForExport(ctx.runtime.db, selection.data);
  if (rows.length === 0) return flashRedirect(back, "auditions-none-selected");
  // Why the list leaves the site (decision 039): without a reason, a 400 page and no file.
  const why = requireDownloadReason(form, back);
  if ("refused" in why) return why.refused;

  const now = new Date();
  const csv = toCsv([
    AUDITION_CSV_COLUMNS,
    ...rows.map((row) => [
      row.receiptNumber,
      AUDITION_STATUS_LABELS[row.status],
      row.name,
      row.birthDate,
      ageNow(row.birthDate, now),
      genderLabel(row.gender),
      row.phone,
      row.email,
      row.heightCm,
      row.weightKg,
      row.career,
      row.introduction,
      row.videoUrl ?? (row.videoFiles > 0 ? "영상 파일" : ""),
      row.photos,
      row.guardian?.name ?? "",
      row.guardian?.phone ?? "",
      formatKst(row.receivedAt),
      row.decidedAt ? formatKst(row.decidedAt) : "",
      row.notes,
    ]),
  ]);
  await recordApplicationsExport(ctx.runtime, staffActor(session, ctx), rows.map((r) => r.receiptNumber), why.reason);
  const day = kstDate(now);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="auditions-${day}.csv"; filename*=UTF-8''${encodeURIComponent(`오디션_지원서_${day}.csv`)}`,
      "Cache-Control": "no-store",
    },
  });
}

function parseId(value: string | undefined): number {
  const id = Number(value);
  if (!/^\d{1,10}$/.test(value ?? "") || id < 1 || id > 2_147_483_647) throw data(null, { status: 404 });
  return id;
}

type AdminApplication = NonNullable<Awaited<ReturnType<typeof getApplicationForAdmin>>>["application"];

/** The application's own fields as the detail page shows them. */
function applicationView(a: AdminApplication) {
  return {
    id: a.id,
    receiptNumber: a.receiptNumber,
    /** Sent from the English form: the page says so, and replies to the applicant are best written in English. */
    englishLabel: a.locale === "en" ? ENGLISH_APPLICATION_LABEL : null,
    status: a.status,
    statusLabel: AUDITION_STATUS_LABELS[a.status],
    name: a.name,
    birthDate: a.birthDate,
    age: ageNow(a.birthDate),
    gender: genderLabel(a.gender),
    phone: a.phone,
    phoneHref: telHref(a.phone),
    email: a.email,
    heightCm: a.heightCm,
    weightKg: a.weightKg,
    career: a.career,
    introduction: a.introduction,
    guardian: a.guardian ? { name: a.guardian.name, phone: a.guardian.phone, phoneHref: telHref(a.guardian.phone), consentedAt: formatKst(new Date(a.guardian.consentedAt)) } : null,
    consentAt: formatKst(new Date(a.consent.at)),
    consentRetentionDays: a.consent.retentionDays,
    receivedAt: formatKst(a.receivedAt),
    decidedAt: a.decidedAt ? formatKst(a.decidedAt) : null,
    notes: a.notes,
  };
}

/** /admin/auditions/:id: everything the applicant sent, the review, the history; `?delete` asks before deleting. */
export async function loadAuditionDetail(ctx: RequestContext, request: Request, idParam: string | undefined) {
  // The gate let only a signed-in member of staff this far (decision 031); fails loudly on a route outside it.
  const session = staffSessionOf(ctx);
  const id = parseId(idParam);
  const detail = await getApplicationForAdmin(ctx.runtime.db, id);
  if (!detail) throw data(null, { status: 404 });
  const { application: a, files, history, related } = detail;
  // Opening an application is an access to its personal data (decision 039); HEAD shows none of it.
  if (ctx.method !== "HEAD") {
    await recordAccess(ctx.runtime.db, staffActor(session, ctx), {
      action: "view",
      receiptNumbers: [a.receiptNumber],
      // The page also names the applications sharing a phone or e-mail (their receipt number and name): how many.
      details: related.length > 0 ? { related: related.length } : {},
    });
  }
  const photos = files.filter((f) => f.kind === "photo");
  const videoFile = files.find((f) => f.kind === "video");
  const videoHost = a.videoUrl ? videoLinkHost(a.videoUrl) : null;
  return {
    application: applicationView(a),
    photos: photos.map((photo, index) => ({
      id: photo.id,
      label: `사진 ${index + 1}`,
      href: adminAuditionFilePath(a.id, photo.id),
      thumbHref: photo.thumbKey ? `${adminAuditionFilePath(a.id, photo.id)}?thumb=1` : adminAuditionFilePath(a.id, photo.id),
      width: photo.width ?? 3,
      height: photo.height ?? 4,
    })),
    video: videoFile
      ? {
          kind: "file" as const,
          id: videoFile.id,
          href: adminAuditionFilePath(a.id, videoFile.id),
          contentType: videoFile.contentType,
          size: formatBytes(videoFile.bytes),
        }
      : a.videoUrl
        ? { kind: "link" as const, href: a.videoUrl, hostLabel: videoHost ? VIDEO_HOST_LABELS[videoHost] : "영상" }
        : null,
    history: history.map((change) => ({
      id: change.id,
      from: change.fromStatus && isAuditionStatus(change.fromStatus) ? AUDITION_STATUS_LABELS[change.fromStatus] : null,
      to: isAuditionStatus(change.toStatus) ? AUDITION_STATUS_LABELS[change.toStatus] : change.toStatus,
      who: change.actorLabel || "-",
      when: formatKst(change.createdAt),
    })),
    /** Other applications from the same phone or e-mail; `duplicate` when one is within the window. */
    duplicates: {
      flagged: related.some((r) => r.withinWindow),
      label: DUPLICATE_APPLICATION_LABEL,
      windowDays: DUPLICATE_WINDOW_DAYS,
      others: related.map((r) => ({
        id: r.id,
        receiptNumber: r.receiptNumber,
        name: r.name,
        href: adminAuditionPath(r.id),
        receivedAt: formatKst(r.receivedAt),
        statusLabel: AUDITION_STATUS_LABELS[r.status],
        status: r.status,
        shared: sharedContactLabel(r),
        withinWindow: r.withinWindow,
      })),
    },
    statusOptions: AUDITION_STATUS_OPTIONS,
    notesMaxLength: MAX_AUDITION_NOTES_LENGTH,
    reasons: ACCESS_REASONS,
    reasonMaxLength: MAX_ACCESS_REASON_TEXT_LENGTH,
    confirmDelete: new URL(request.url).searchParams.has("delete"),
  };
}

/** What a download form sent back after a refusal: which file, and the reason as chosen and typed. */
export interface DownloadFormValues {
  notes?: string;
  file: string;
  reason: string;
  reasonText: string;
}

/**
 * A photo's or the video's download (intent "download", decision 066): the reason checked here, the
 * access record written with it, then a document redirect to the file's one-time address (the browser
 * saves the file and stays on the application). Without a valid reason, the page again with the message
 * beside the field of that file's form, what was chosen and typed kept.
 */
async function downloadWithReason(ctx: RequestContext, id: number, form: FormData) {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const values: DownloadFormValues = { file: text("file"), reason: text("reason"), reasonText: text("reasonText") };
  const parsed = accessReasonSchema.safeParse({ reason: values.reason || undefined, reasonText: values.reasonText });
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues) fields[String(issue.path[0])] ??= issue.message;
    return replyWith<DownloadFormValues>(400, { formError: "내려받는 이유를 확인해 주세요.", values, fields });
  }
  const address = await startApplicantDownload(ctx, id, values.file, parsed.data);
  if (!address) throw data(null, { status: 404 });
  return redirectDocument(address, { status: 303 });
}

/** The detail page's forms: status (intent "status"), notes ("notes"), a file's download ("download"), deletion at the applicant's request ("delete"). */
export async function handleAuditionDetailAction(ctx: RequestContext, request: Request, idParam: string | undefined) {
  const id = parseId(idParam);
  const read = await readStaffForm<{ notes: string }>(request, []);
  if ("refused" in read) return read.refused;
  const { form } = read;
  if (form.get("intent") === "download") return downloadWithReason(ctx, id, form);
  const values = { notes: String(form.get("notes") ?? "") };
  const session = staffSessionOf(ctx);
  const actor = staffActor(session, ctx);
  const intent = form.get("intent");

  if (intent === "status") {
    const parsed = auditionStatusChangeSchema.safeParse({ status: form.get("status") });
    if (!parsed.success) return replyWith(400, { formError: INVALID_MESSAGE, fields: { status: parsed.error.issues[0]!.message } });
    const result = await changeApplicationStatus(ctx.runtime, actor, [id], parsed.data.status);
    if (result.changed.length === 0 && result.unchanged.length === 0) throw data(null, { status: 404 });
    return flashRedirect(adminAuditionPath(id), result.changed.length > 0 ? "audition-status-changed" : "audition-status-unchanged");
  }
  if (intent === "notes") {
    const parsed = auditionNotesSchema.safeParse(values);
    if (!parsed.success) return replyWith(400, { formError: INVALID_MESSAGE, values, fields: { notes: parsed.error.issues[0]!.message } });
    if (!(await saveApplicationNotes(ctx.runtime, actor, id, parsed.data.notes))) throw data(null, { status: 404 });
    return flashRedirect(adminAuditionPath(id), "audition-notes-saved");
  }
  if (intent === "delete") {
    const deleted = await deleteApplications(ctx.runtime, actor, [id], "request");
    if (deleted.length === 0) throw data(null, { status: 404 });
    return flashRedirect(WORKSPACE_PATHS.auditions, "audition-deleted");
  }
  throw data(null, { status: 400 });
}
