import { data, redirect } from "react-router";
import {
  ACCESS_ACTION_LABELS,
  ACCESS_ACTIONS,
  accessReasonLabel,
  BURST_APPLICATIONS,
  BURST_WINDOW_MINUTES,
  isAccessAction,
  isKstMonth,
  MAX_INSPECTION_NOTE_LENGTH,
} from "../../../domain/access-records";
import { adminAuditionPath, AUDITION_STATUS_LABELS, isAuditionStatus } from "../../../domain/auditions";
import { formatKst, kstDate } from "../../../domain/kst";
import { WORKSPACE_PATHS } from "../../../domain/paths";
import { staffSessionOf } from "../../../server/route-kit/access-gate.server";
import { staffActor, readStaffForm } from "../../../server/route-kit/workspace-forms.server";
import type { RequestContext } from "../../../server/route-kit/context.server";
import { setFlash } from "../../../server/route-kit/flash.server";
import { logEntryCells, logFilterOf } from "./log-list.server";
import { headFileFor, parseHeadFile } from "../../../server/privacy/access-record-heads.server";
import {
  kstMonthRange,
  listAccessRecords,
  markMonthInspected,
  monthlyInspection,
  verifyAccessRecords,
  type AccessRecordRow,
  type ChainAnchor,
  type ChainVerification,
} from "../../../server/privacy/access-records.server";

/**
 * /admin/access-records (접속기록, decision 039): the records newest first with filters, whether the
 * hash chain still verifies, and with `?month=2026-11` the monthly inspection (counts per person and
 * action, flagged patterns, and the form that marks the month inspected).
 */

const RECEIPT_NUMBER = /^AUD-\d{4}-\d{6}$/;

/** "AUD-2026-000123" however it was typed (spaces, lower case); "" when it is not one. */
function normalizeReceipt(value: string | null): string {
  const receipt = (value ?? "").trim().toUpperCase();
  return RECEIPT_NUMBER.test(receipt) ? receipt : "";
}

const actionLabel = (action: string) => (isAccessAction(action) ? ACCESS_ACTION_LABELS[action] : action);

/** A view of the applications' list: the filter as applied, how many matched, which page ("상태 ‘접수’ · 검색어 있음 · 결과 42건 · 2쪽"). */
function describeListView(d: Record<string, unknown>): string {
  const parts: string[] = [];
  if (isAuditionStatus(d.status)) parts.push(`상태 ‘${AUDITION_STATUS_LABELS[d.status]}’`);
  if (d.query === true) parts.push("검색어 있음");
  parts.push(`결과 ${String(d.count)}건`);
  if (typeof d.page === "number") parts.push(`${d.page}쪽`);
  return parts.join(" · ");
}

/** What an entry's details say, in words (counts and kinds only; the entries hold nothing else). */
function describeDetails(row: AccessRecordRow): string {
  const d = row.details;
  const parts: string[] = [];
  if (row.action === "search" && typeof d.count === "number") parts.push(describeListView(d));
  if ((row.action === "export" || row.action === "status" || row.action === "delete") && typeof d.count === "number" && d.count > 1) parts.push(`${d.count}건`);
  if (d.kind === "photo") parts.push(`${typeof d.photo === "number" && d.photo > 0 ? `사진 ${d.photo}` : "사진"}${d.thumb === true ? " 미리보기" : ""}`);
  if (d.kind === "video") parts.push("영상");
  if (typeof d.related === "number") parts.push(`같은 연락처 지원서 ${d.related}건 함께 표시`);
  return parts.join(" · ");
}

function describeReason(row: Pick<AccessRecordRow, "reasonCode" | "reasonText">): string {
  const label = accessReasonLabel(row.reasonCode);
  if (!label) return "";
  return row.reasonText ? `${label}: ${row.reasonText}` : label;
}

/** The month before the current one in KST ("2026-10" during November): the one usually inspected. */
function previousKstMonth(now: Date): string {
  const [year, month] = kstDate(now).split("-").map(Number) as [number, number];
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, "0")}`;
}

function monthLabel(month: string): string {
  const [year, number] = month.split("-").map(Number) as [number, number];
  return `${year}년 ${number}월`;
}

/**
 * The heads written down in the file beside the backups, for the chain's check: the page then catches
 * the newest entries deleted with the head moved back even when the database's own record of the
 * heads (inspections, `job_runs`) went with them. Null when the file cannot be read (logged).
 */
async function fileAnchors(ctx: RequestContext): Promise<ChainAnchor[] | null> {
  const file = headFileFor(ctx.runtime.env, ctx.runtime.privateStorage);
  try {
    return parseHeadFile(await file.read(), file.description);
  } catch (error) {
    ctx.runtime.logger.warn({ err: error, file: file.description }, "could not read the access records head file");
    return null;
  }
}

/** The page's words for a chain that does not verify. */
function chainProblemMessage(chain: Extract<ChainVerification, { ok: false }>): string {
  switch (chain.problem) {
    case "missing-tail":
      return `접속기록 #${chain.brokenId}까지 있어야 하는데 그 앞에서 끊겼습니다. 가장 최근 기록이 지워졌을 수 있습니다.`;
    case "hash":
      return `접속기록 #${chain.brokenId}의 내용이 기록된 뒤에 바뀌었습니다. 이 기록부터는 믿을 수 없습니다.`;
    case "prev-hash":
      return `접속기록 #${chain.brokenId}에서 기록의 연결이 끊겼습니다. 바로 앞의 기록이 지워졌거나 이 기록이 나중에 끼워 넣어졌습니다.`;
    case "anchor-missing":
      return `접속기록 #${chain.brokenId}: ${chain.anchor?.source ?? "기준점"}에 적어 둔 기록인데 지금은 없습니다. 이 기록부터 그 뒤의 기록이 지워지고 마지막 기록 표시가 앞으로 옮겨졌을 수 있습니다.`;
    case "anchor-hash":
      return `접속기록 #${chain.brokenId}: ${chain.anchor?.source ?? "기준점"}에 적어 둔 해시와 다릅니다. 이 기록까지의 기록이 다시 쓰였을 수 있습니다.`;
  }
}

export async function loadAccessRecords(ctx: RequestContext, request: Request) {
  // The gate let only a signed-in member of staff this far (decision 031).
  staffSessionOf(ctx);
  const { db } = ctx.runtime;
  const params = new URL(request.url).searchParams;
  const action = params.get("action");
  const { query, shown } = logFilterOf(params);
  const filter = { ...query, action: isAccessAction(action) ? action : null, receiptNumber: normalizeReceipt(params.get("receipt")) };
  const monthParam = params.get("month");
  const month = isKstMonth(monthParam) ? monthParam : null;
  const anchors = await fileAnchors(ctx);
  const [list, chain, inspection] = await Promise.all([listAccessRecords(db, filter), verifyAccessRecords(db, anchors ?? []), month ? monthlyInspection(db, month) : null]);
  const receiptLink = (receipt: string) => {
    const id = list.applicationIds.get(receipt);
    return { receipt, href: id === undefined ? null : adminAuditionPath(id) };
  };
  const now = new Date();
  return {
    filter: {
      ...shown,
      action: filter.action ?? "",
      receipt: filter.receiptNumber || (params.get("receipt") ?? "").trim().slice(0, 40),
    },
    actions: ACCESS_ACTIONS.map((value) => ({ value, label: ACCESS_ACTION_LABELS[value] })),
    chain: chain.ok
      ? { ok: true as const, count: chain.count, head: chain.head, anchors: chain.anchors, fileRead: anchors !== null }
      : { ok: false as const, brokenId: chain.brokenId, message: chainProblemMessage(chain) },
    total: list.total,
    page: list.page,
    pageCount: list.pageCount,
    rows: list.items.map((row) => ({
      ...logEntryCells(row, row.at),
      action: actionLabel(row.action),
      receipts: row.receiptNumbers.map(receiptLink),
      details: describeDetails(row),
      reason: describeReason(row),
    })),
    inspectMonth: month ?? previousKstMonth(now),
    inspection: inspection && month
      ? {
          month,
          label: monthLabel(month),
          /** A month that has not begun cannot be inspected. */
          canMark: kstMonthRange(month).start.getTime() <= now.getTime(),
          counts: inspection.counts.map((c) => ({ who: c.actorLabel || "알 수 없음", action: actionLabel(c.action), entries: c.entries })),
          bursts: inspection.bursts.map((b) => ({
            who: b.actorLabel,
            from: formatKst(b.from),
            to: formatKst(b.to),
            applications: b.applications,
          })),
          night: inspection.night.map((row) => ({ id: row.id, when: formatKst(row.at), who: row.actorLabel, action: actionLabel(row.action), receipts: row.receiptNumbers.length, reason: describeReason(row) })),
          exports: inspection.exports.map((row) => ({ id: row.id, when: formatKst(row.at), who: row.actorLabel, receipts: row.receiptNumbers.length, reason: describeReason(row) })),
          inspected: inspection.inspection
            ? {
                who: inspection.inspection.actorLabel,
                when: formatKst(inspection.inspection.inspectedAt),
                note: inspection.inspection.note,
                headId: inspection.inspection.headId,
              }
            : null,
        }
      : null,
    burstRule: { applications: BURST_APPLICATIONS, minutes: BURST_WINDOW_MINUTES },
  };
}

/** Marks a month inspected (intent "inspect", `month`, optional `note`); back to that month's view. */
export async function handleAccessRecordsAction(ctx: RequestContext, request: Request) {
  const read = await readStaffForm(request, []);
  if ("refused" in read) return read.refused;
  const { form } = read;
  const session = staffSessionOf(ctx);
  const month = form.get("month");
  if (form.get("intent") !== "inspect" || !isKstMonth(month)) throw data(null, { status: 400 });
  if (kstMonthRange(month).start.getTime() > Date.now()) throw data(null, { status: 400 });
  const note = String(form.get("note") ?? "").trim().slice(0, MAX_INSPECTION_NOTE_LENGTH);
  // The head the inspection saw, kept with the mark: later checks find the newest entries deleted after it.
  const chain = await verifyAccessRecords(ctx.runtime.db, (await fileAnchors(ctx)) ?? []);
  const marked = await markMonthInspected(ctx.runtime.db, staffActor(session, ctx), month, note, chain.ok ? chain.head : null);
  return redirect(`${WORKSPACE_PATHS.accessRecords}?month=${month}`, {
    headers: { "Set-Cookie": await setFlash(marked ? "access-month-inspected" : "access-month-already-inspected") },
  });
}
