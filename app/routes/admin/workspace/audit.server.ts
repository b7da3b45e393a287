import { AUDIT_ACTION_LABELS, AUDIT_ENTITY_LABELS } from "../../../domain/audit-labels";
import { staffSessionOf } from "../../../server/route-kit/access-gate.server";
import type { RequestContext } from "../../../server/route-kit/context.server";
import { describeAuditEntry, listAuditEntries } from "../../../server/platform/audit.server";
import { logEntryCells, logFilterOf } from "./log-list.server";

/** /admin/audit: every sign-in, write, restore and purge, filtered by action, record kind, who and days (KST). */
export async function loadAudit(ctx: RequestContext, request: Request) {
  // The gate let only a signed-in member of staff this far (decision 031); fails loudly on a route outside it.
  staffSessionOf(ctx);
    const params = new URL(request.url).searchParams;
  const action = params.get("action");
  const entity = params.get("entity");
  const { query, shown } = logFilterOf(params);
  const filter = {
    ...query,
    action: action && Object.hasOwn(AUDIT_ACTION_LABELS, action) ? action : null,
    entity: entity && Object.hasOwn(AUDIT_ENTITY_LABELS, entity) ? entity : null,
  };
  const list = await listAuditEntries(ctx.runtime.db, filter);
  return {
    filter: {
      ...shown,
      action: filter.action ?? "",
      entity: filter.entity ?? "",
    },
    actions: Object.entries(AUDIT_ACTION_LABELS).map(([value, label]) => ({ value, label })),
    entities: Object.entries(AUDIT_ENTITY_LABELS).map(([value, label]) => ({ value, label })),
    total: list.total,
    page: list.page,
    pageCount: list.pageCount,
    rows: list.items.map((entry) => ({ ...logEntryCells(entry, entry.createdAt), ...describeAuditEntry(entry) })),
  };
}
