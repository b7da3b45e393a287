import { data, redirect } from "react-router";
import { formatKst } from "../../../domain/kst";
import { WORKSPACE_PATHS } from "../../../domain/paths";
import { secondFactorRequired, STAFF_ROLE_INFO } from "../../../domain/staff-roles";
import { staffSessionOf } from "../../../server/route-kit/access-gate.server";
import { staffActor, readStaffForm } from "../../../server/route-kit/workspace-forms.server";
import type { RequestContext } from "../../../server/route-kit/context.server";
import { setFlash } from "../../../server/route-kit/flash.server";
import type { FlashCode } from "../../../lib/flash-messages";
import { ACCESS_CHANGE_LABELS, listAccessChanges, type AccessChangeAction } from "../../../server/staff/staff-access-changes.server";
import { changeStaffRole, deactivateStaff, listStaff, reactivateStaff, removeStaff, type StaffMember } from "../../../server/staff/staff-accounts.server";
import { inviteStaff, issueSetupLink, listPendingInvitations, revokeInvitation } from "../../../server/staff/staff-invitations.server";
import { endSessionsOf } from "../../../server/staff/staff-sessions.server";
import { getSiteSettings } from "../../../server/site/settings.server";

const roleLabel = (role: unknown) => STAFF_ROLE_INFO[role as keyof typeof STAFF_ROLE_INFO]?.label ?? "";

/** What an access change's entry adds to its action: the roles it was about. */
function changeDetail(action: string, details: Record<string, unknown>): string {
  if (action === "role-changed") return `${roleLabel(details.from)} → ${roleLabel(details.to)}`;
  return typeof details.role === "string" ? roleLabel(details.role) : "";
}

/** The API tokens a deactivation or a role change revoked. */
function revokedTokensNote(details: Record<string, unknown>): string {
  return Array.isArray(details.revokedTokens) ? `API 토큰 ${details.revokedTokens.length}개 폐기` : "";
}

/**
 * What the staff page says of a person's second factor, and whether an owner's setup link is what the
 * person needs to get in (decision 040, amended 2026-11-29: only the first owner and an account reset
 * from the server enroll after a password-only sign-in).
 */
function secondFactorNote(member: StaffMember, required: boolean): { label: string; needsLink: boolean } {
  if (member.secondFactor) return { label: "2단계 인증 사용", needsLink: false };
  if (!required) return { label: "2단계 인증 없음", needsLink: false };
  if (member.selfEnrollment) return { label: "2단계 인증 없음 · 로그인 후 등록", needsLink: false };
  return { label: "2단계 인증 없음 · 설정 링크 필요", needsLink: true };
}

/** /admin/staff: the people with an account, pending invitations and the latest grants and changes. */
export async function loadStaff(ctx: RequestContext, request: Request) {
  const session = staffSessionOf(ctx);
  const db = ctx.runtime.db;
  const [members, invitations, changes, settings] = await Promise.all([listStaff(db), listPendingInvitations(db), listAccessChanges(db, 30), getSiteSettings(db)]);
  const confirmRemove = Number(new URL(request.url).searchParams.get("remove"));
  return {
    me: session.staffId,
    mailConfigured: Boolean(ctx.runtime.mail),
    members: members.map((m) => ({
      id: m.id,
      name: m.displayName || m.loginId,
      loginId: m.loginId,
      email: m.email,
      role: m.role,
      roleLabel: STAFF_ROLE_INFO[m.role].label,
      lastSignInAt: m.lastSignInAt ? formatKst(m.lastSignInAt) : null,
      active: m.deactivatedAt === null,
      activeSessions: m.activeSessions,
      secondFactor: secondFactorNote(m, secondFactorRequired(m, settings)),
    })),
    invitations: invitations.map((i) => ({
      id: i.id,
      name: i.displayName,
      email: i.email,
      roleLabel: i.accountId === null ? STAFF_ROLE_INFO[i.role].label : "2단계 인증 설정",
      expiresAt: formatKst(i.expiresAt),
    })),
    changes: changes.map((c) => ({
      id: c.id,
      at: formatKst(c.at),
      actor: c.actorLabel,
      subject: c.subjectLabel,
      action: ACCESS_CHANGE_LABELS[c.action as AccessChangeAction] ?? c.action,
      detail: [changeDetail(c.action, c.details), revokedTokensNote(c.details)].filter(Boolean).join(", "),
    })),
    confirmRemove: Number.isInteger(confirmRemove) && confirmRemove > 0 ? (members.find((m) => m.id === confirmRemove)?.id ?? null) : null,
  };
}

export interface StaffActionData {
  formError: string | null;
  errors: Record<string, string>;
  values: Record<string, string>;
  /** A link made just now (shown once): an invitation, or a second-factor setup link (`setup`). */
  invited: { name: string; email: string; link: string; mailed: boolean; setup: boolean } | null;
}

const reply = (status: number, body: Partial<StaffActionData> & { formError: string }) =>
  data<StaffActionData>({ errors: {}, values: {}, invited: null, ...body }, { status });

async function done(code: FlashCode) {
  return redirect(WORKSPACE_PATHS.staff, { headers: { "Set-Cookie": await setFlash(code) } });
}

export async function handleStaffAction(ctx: RequestContext, request: Request) {
  const read = await readStaffForm(request, []);
  if ("refused" in read) return reply(read.refused.init?.status ?? 400, { formError: read.refused.data.formError });
  const { form } = read;
  const actor = staffActor(staffSessionOf(ctx), ctx);
  const db = ctx.runtime.db;
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const id = Number(text("id"));
  const intent = text("intent");
  if (intent === "invite") {
    const values = { displayName: text("displayName"), email: text("email"), role: text("role") };
    const outcome = await inviteStaff(ctx.runtime, actor, values);
    if (!outcome.ok) return reply(400, { formError: outcome.message, errors: outcome.errors ?? {}, values });
    return { formError: null, errors: {}, values: {}, invited: { name: values.displayName.trim(), email: outcome.email, link: new URL(outcome.link, request.url).href, mailed: outcome.mailed, setup: false } } satisfies StaffActionData;
  }
  if (!Number.isInteger(id) || id <= 0) return reply(400, { formError: "대상을 찾지 못했습니다. 목록을 새로 고쳐 주세요." });
  if (intent === "setup-link") {
    const outcome = await issueSetupLink(ctx.runtime, actor, id);
    if (!outcome.ok) return reply(409, { formError: outcome.message });
    return { formError: null, errors: {}, values: {}, invited: { name: outcome.name, email: outcome.email, link: new URL(outcome.link, request.url).href, mailed: outcome.mailed, setup: true } } satisfies StaffActionData;
  }
  const outcome =
    intent === "role"
      ? await changeStaffRole(db, actor, id, text("role"))
      : intent === "deactivate"
        ? await deactivateStaff(db, actor, id)
        : intent === "reactivate"
          ? await reactivateStaff(db, actor, id)
          : intent === "remove"
            ? await removeStaff(db, actor, id)
            : intent === "revoke-invitation"
              ? await revokeInvitation(db, actor, id)
              : intent === "end-sessions"
                ? { ok: true as const, ended: await endSessionsOf(db, actor, id, "all") }
                : { ok: false as const, message: "알 수 없는 요청입니다." };
  if (!outcome.ok) return reply(409, { formError: outcome.message });
  const flash: Record<string, FlashCode> = {
    role: "staff-role-changed",
    deactivate: "staff-deactivated",
    reactivate: "staff-reactivated",
    remove: "staff-removed",
    "revoke-invitation": "staff-invitation-revoked",
    "end-sessions": "sessions-ended",
  };
  return done(flash[intent]!);
}
