import { data, redirect } from "react-router";
import { formatKst } from "../../../domain/kst";
import { WORKSPACE_PATHS } from "../../../domain/paths";
import { STAFF_ROLE_INFO } from "../../../domain/staff-roles";
import { staffSessionOf } from "../../../server/route-kit/access-gate.server";
import { staffActor, readStaffForm } from "../../../server/route-kit/workspace-forms.server";
import type { RequestContext } from "../../../server/route-kit/context.server";
import { setFlash } from "../../../server/route-kit/flash.server";
import { getSiteSettings } from "../../../server/site/settings.server";
import { endSessionsOf, listSessionsOf } from "../../../server/staff/staff-sessions.server";
import { changeOwnPassword } from "../../../server/auth/password-change.server";

/** "Chrome · Windows" from a User-Agent, enough to tell one's own devices apart. */
function deviceOf(userAgent: string): string {
  const browser = /Edg\//.test(userAgent) ? "Edge" : /Whale\//.test(userAgent) ? "Whale" : /SamsungBrowser\//.test(userAgent) ? "삼성 인터넷" : /Chrome\//.test(userAgent) ? "Chrome" : /Firefox\//.test(userAgent) ? "Firefox" : /Safari\//.test(userAgent) ? "Safari" : "알 수 없는 브라우저";
  const system = /Windows/.test(userAgent) ? "Windows" : /iPhone|iPad/.test(userAgent) ? "iOS" : /Android/.test(userAgent) ? "Android" : /Mac OS X/.test(userAgent) ? "macOS" : /Linux/.test(userAgent) ? "Linux" : "";
  return system ? `${browser} · ${system}` : browser;
}

/** /admin/account: one's own account, and every place one is signed in. */
export async function loadAccount(ctx: RequestContext) {
  const session = staffSessionOf(ctx);
  const [sessions, settings] = await Promise.all([listSessionsOf(ctx.runtime.db, session.staffId, session.tokenHash), getSiteSettings(ctx.runtime.db)]);
  return {
    name: session.displayName,
    loginId: session.loginId,
    role: STAFF_ROLE_INFO[session.role],
    idleMinutes: settings.staffIdleMinutes,
    sessions: sessions.map((s) => ({ key: s.key, device: deviceOf(s.userAgent), ip: s.ip, createdAt: formatKst(s.createdAt), lastSeenAt: formatKst(s.lastSeenAt), current: s.current })),
  };
}

/** Changing one's password, ending one's other sign-ins or one of them. */
export async function handleAccountAction(ctx: RequestContext, request: Request) {
  const session = staffSessionOf(ctx);
  const read = await readStaffForm(request, []);
  if ("refused" in read) return data({ error: read.refused.data.formError }, { status: read.refused.init?.status ?? 400 });
  const { form } = read;
  const actor = staffActor(session, ctx);
  const intent = form.get("intent");
  if (intent === "change-password") {
    const text = (name: string) => String(form.get(name) ?? "").slice(0, 256);
    const result = await changeOwnPassword(ctx.runtime.db, ctx.runtime.sessionSecret, { ...actor, staffId: session.staffId }, { current: text("current"), next: text("next"), confirm: text("confirm"), keepSession: session.tokenHash });
    if (!result.ok) return data({ error: null, passwordErrors: result.errors }, { status: result.status, headers: { "Cache-Control": "private, no-store" } });
    return redirect(WORKSPACE_PATHS.account, { headers: { "Set-Cookie": await setFlash("password-changed") } });
  }
  if (intent === "end-others") {
    await endSessionsOf(ctx.runtime.db, actor, session.staffId, { allBut: session.tokenHash });
    return redirect(WORKSPACE_PATHS.account, { headers: { "Set-Cookie": await setFlash("sessions-ended") } });
  }
  if (intent === "end-session") {
    const key = String(form.get("key") ?? "");
    if (session.tokenHash.startsWith(key)) return data({ error: "지금 쓰는 로그인은 ‘로그아웃’으로 끝내 주세요." }, { status: 400 });
    const ended = await endSessionsOf(ctx.runtime.db, actor, session.staffId, { key });
    if (ended === 0) return data({ error: "이미 끝난 로그인입니다. 목록을 새로 고쳐 주세요." }, { status: 404 });
    return redirect(WORKSPACE_PATHS.account, { headers: { "Set-Cookie": await setFlash("sessions-ended") } });
  }
  return data({ error: "알 수 없는 요청입니다." }, { status: 400 });
}
