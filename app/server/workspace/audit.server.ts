import { AUDIT_ACTION_LABELS, AUDIT_ENTITY_LABELS } from "../../domain/audit-labels";
import { formatKst, parseKstInputValue } from "../../domain/kst";
import { parsePage } from "../../lib/pagination";

import { staffSessionOf } from "../http/access-gate.server";
import type { RequestContext } from "../http/context.server";
import { describeAuditEntry, listAuditEntries } from "../platform/audit.server";

const DAY_MS = 24 * 60 * 60 * 1000;

/** A day typed as YYYY-MM-DD, as the KST instant it starts; null when empty or not a date. */
function kstDayStart(value: string | null): Date | null {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  return parseKstInputValue(`${value}T00:00`);
}

/** /admin/audit: every sign-in, write, restore and purge, filtered by action, record kind, who and days (KST). */
export async function loadAudit(ctx: RequestContext, request: Request) {
  // The gate let only a signed-in member of staff this far (decision 031); fails loudly on a route outside it.
  staffSessionOf(ctx);
    const params = new URL(request.url).searchParams;
  const action = params.get("action");
  const entity = params.get("entity");
  const from = kstDayStart(params.get("from"));
  const until = kstDayStart(params.get("to"));
  const filter = {
    action: action && Object.hasOwn(AUDIT_ACTION_LABELS, action) ? action : null,
    entity: entity && Object.hasOwn(AUDIT_ENTITY_LABELS, entity) ? entity : null,
    actor: (params.get("actor") ?? "").trim().slice(0, 100),
    from,
    // "To" a day includes that whole day.
    to: until ? new Date(until.getTime() + DAY_MS) : null,
    page: parsePage(params.get("page")),
  };
  const list = await listAuditEntries(ctx.runtime.db, filter);
  return {
    filter: {
      action: filter.action ?? "",
      entity: filter.entity ?? "",
      actor: filter.actor,
      from: from ? params.get("from")! : "",
      to: until ? params.get("to")! : "",
    },
    actions: Object.entries(AUDIT_ACTION_LABELS).map(([value, label]) => ({ value, label })),
    entities: Object.entries(AUDIT_ENTITY_LABELS).map(([value, label]) => ({ value, label })),
    total: list.total,
    page: list.page,
    pageCount: list.pageCount,
    rows: list.items.map((entry) => ({
      id: entry.id,
      when: formatKst(entry.createdAt),
      who: entry.actorLabel || "알 수 없음",
      ...describeAuditEntry(entry),
      ip: entry.ip || "-",
    })),
  };
}
