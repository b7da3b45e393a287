import { data, redirect, type MiddlewareFunction } from "react-router";
import { accessOf, isResourceRoute, privateRouteOfPattern, type SiteRoute } from "../../domain/site-routes";
import { ACCOUNT_SECURITY_PATH, signInAgainPath, signInPath } from "../../domain/paths";
import { API_SCOPE_INFO } from "../../domain/api-scopes";
import { FORBIDDEN_MESSAGE, roleMay, areaUseOfMethod, secondFactorRequired } from "../../domain/staff-roles";
import { verifyApiToken } from "../auth/api-tokens.server";
import { signOut, type SignedInStaff } from "../auth/sessions.server";
import { SETUP_LINK_NEEDED_MESSAGE } from "../auth/second-factor-setup.server";
import type { Actor } from "../platform/services.server";
import { getRequestContext, type RequestContext } from "./context.server";
import { getSiteSettings } from "../site/settings.server";

/**
 * The trust boundary (decision 031): the one check between the public and the private site. Every
 * route that does not declare `access: "public"` in app/domain/site-routes.ts sits under the pathless
 * layout app/routes/private-gate.tsx, whose middleware is `privateGate`. React Router runs it before
 * any loader or action of the matched routes (the root's included) and before anything reads the
 * request body, for documents, their `.data` twins and resource routes alike; a refused request never
 * reaches the route's code. What it proved is kept on the request context for the route to use
 * (`staffSessionOf`, `apiWriterOf`), and those accessors refuse to answer for a route the gate did not
 * pass: a private route that slipped out from under the gate fails instead of serving data.
 */

/** What the gate established for this request; written by the gate only. */
export interface GatePass {
  staff?: SignedInStaff;
  writer?: Actor;
}

export const SIGNED_OUT_MESSAGE = "로그인이 필요합니다. 다시 로그인한 뒤 시도해 주세요.";

const NO_STORE = { "Cache-Control": "private, no-store" };

/**
 * The session cookie authenticates same-origin requests only: a page on another origin (even one
 * listed in CORS_ORIGINS, which may call the API with a token) never writes with the administrator's
 * cookie. Requests without Origin and Sec-Fetch-Site are not browser-borne (curl, scripts).
 */
export function isSameOriginRequest(request: Request): boolean {
  const origin = request.headers.get("Origin");
  if (origin !== null && origin !== new URL(request.url).origin) return false;
  const site = request.headers.get("Sec-Fetch-Site");
  return site === null || site === "same-origin" || site === "none";
}

function isDataRequest(request: Request): boolean {
  return new URL(request.url).pathname.endsWith(".data");
}

function apiRefusal(code: "unauthorized" | "invalid_token", message: string): Response {
  return Response.json(
    { error: { code, message } },
    { status: 401, headers: { ...NO_STORE, "WWW-Authenticate": 'Bearer realm="api"' } },
  );
}

/** A token (Authorization: Bearer) or, from this site's own pages, the staff session. */
async function passApiWriter(ctx: RequestContext, route: SiteRoute, request: Request): Promise<Response | null> {
  const authorization = request.headers.get("Authorization");
  if (authorization !== null) {
    const token = await verifyApiToken(ctx.runtime.db, authorization);
    if (!token) return apiRefusal("invalid_token", "API 토큰이 올바르지 않거나, 폐기·만료되었거나, 토큰 주인의 계정을 쓸 수 없습니다.");
    const scope = route.scope ?? "content";
    if (!token.scopes.includes(scope)) {
      return Response.json(
        { error: { code: "insufficient_scope", message: `이 토큰으로는 할 수 없는 일입니다. ‘${API_SCOPE_INFO[scope].label}’ 권한이 있는 토큰을 써 주세요.` } },
        { status: 403, headers: { ...NO_STORE, "WWW-Authenticate": `Bearer realm="api", error="insufficient_scope", scope="${scope}"` } },
      );
    }
    // The token acts for its account: the activity log names both.
    ctx.gate.writer = { staffId: null, via: "token", tokenId: token.id, label: `${token.name} (${token.loginId})`, ip: ctx.clientIp };
    return null;
  }
  if (!isSameOriginRequest(request)) return apiRefusal("unauthorized", "다른 사이트에서 보내는 쓰기 요청에는 API 토큰(Authorization: Bearer)이 필요합니다.");
  const session = await ctx.staffSession();
  if (!session) return apiRefusal("unauthorized", "로그인이 필요합니다.");
  if (!roleMay(session.role, "content", "change")) {
    return Response.json({ error: { code: "forbidden", message: FORBIDDEN_MESSAGE } }, { status: 403, headers: NO_STORE });
  }
  if (await needsEnrollment(ctx, session)) {
    return Response.json({ error: { code: "second_factor_required", message: session.selfEnrollment ? ENROLL_MESSAGE : SETUP_LINK_NEEDED_MESSAGE } }, { status: 403, headers: NO_STORE });
  }
  ctx.gate.staff = session;
  ctx.gate.writer = { staffId: session.staffId, via: "session", label: session.loginId, ip: ctx.clientIp };
  return null;
}

/**
 * Without a session: a page asked for (GET/HEAD) sends the browser to sign in and come back; anything
 * else gets a 401 that holds nothing but the refusal. A form post's typed text stays where it was: the
 * hydrated editors keep it in the page (app/lib/signed-out-submit.ts turns this 401 into their
 * "login expired" message), and without JavaScript the browser keeps the post, which the 401 page
 * tells how to send again after signing in (root ErrorBoundary).
 */
function refuseStaff(route: SiteRoute, request: Request, url: URL): Response {
  const read = request.method === "GET" || request.method === "HEAD";
  if (isResourceRoute(route)) {
    // Files, downloads and the editors' JSON: no page to come back to, just the refusal.
    if (url.pathname.endsWith(".json")) return Response.json({ error: { code: "unauthorized", message: SIGNED_OUT_MESSAGE } }, { status: 401, headers: NO_STORE });
    return new Response(SIGNED_OUT_MESSAGE, { status: 401, headers: { ...NO_STORE, "Content-Type": "text/plain; charset=utf-8" } });
  }
  if (read) throw redirect(signInPath(url.pathname + url.search), { headers: NO_STORE });
  // A `.data` submission: a plain 401 the client sees as an error response (no route data at all).
  if (isDataRequest(request)) return new Response(SIGNED_OUT_MESSAGE, { status: 401, headers: { ...NO_STORE, "Content-Type": "text/plain; charset=utf-8" } });
  // A document post: React Router renders the root's error page (status 401) without running any loader.
  throw data({ signedOut: true }, { status: 401, headers: NO_STORE });
}

/**
 * Signed in, but the person's role may not use this part of the workspace (staff-roles.ts): a 403 that
 * holds nothing but the refusal, for pages (the root's error page, no loader runs), their `.data`
 * twins, files and JSON alike.
 */
function refuseRole(route: SiteRoute, request: Request, url: URL): Response {
  if (isResourceRoute(route) && url.pathname.endsWith(".json")) return Response.json({ error: { code: "forbidden", message: FORBIDDEN_MESSAGE } }, { status: 403, headers: NO_STORE });
  if (isResourceRoute(route) || isDataRequest(request)) return new Response(FORBIDDEN_MESSAGE, { status: 403, headers: { ...NO_STORE, "Content-Type": "text/plain; charset=utf-8" } });
  throw data({ forbidden: true }, { status: 403, headers: NO_STORE });
}

export const ENROLL_MESSAGE = "2단계 인증을 먼저 설정해야 합니다. 계정 보안 화면에서 인증 앱을 등록해 주세요.";

/** Decision 040: an account that must have a second factor and has none opens no private page but its enrollment. */
async function needsEnrollment(ctx: RequestContext, session: SignedInStaff): Promise<boolean> {
  return !session.secondFactor && secondFactorRequired(session, await getSiteSettings(ctx.runtime.db));
}

/** Pages: to the enrollment page; anything else: a 403 that says why. */
function refuseUntilEnrolled(route: SiteRoute, request: Request, url: URL): Response {
  // A page (its document or its `.data` twin, which React Router turns into the client's redirect).
  if ((request.method === "GET" || request.method === "HEAD") && !isResourceRoute(route)) {
    throw redirect(ACCOUNT_SECURITY_PATH, { headers: NO_STORE });
  }
  if (url.pathname.endsWith(".json")) return Response.json({ error: { code: "second_factor_required", message: ENROLL_MESSAGE } }, { status: 403, headers: NO_STORE });
  return new Response(ENROLL_MESSAGE, { status: 403, headers: { ...NO_STORE, "Content-Type": "text/plain; charset=utf-8" } });
}

/**
 * A session of an account that must have a second factor and may enroll only through a link (decision
 * 040, amended 2026-11-29: one that began before that, or whose role was raised since) opens nothing,
 * not even the enrollment page: it ends here, and the person is told to ask an owner for a setup link.
 */
async function endUntilSetUp(ctx: RequestContext, route: SiteRoute, request: Request, url: URL): Promise<Response> {
  const headers = { ...NO_STORE, "Set-Cookie": await signOut(ctx.runtime.db, ctx.runtime.sessionSecret, request, ctx.clientIp) };
  if ((request.method === "GET" || request.method === "HEAD") && !isResourceRoute(route)) {
    throw redirect(signInAgainPath(url.pathname + url.search, "setup-link"), { headers });
  }
  if (url.pathname.endsWith(".json")) return Response.json({ error: { code: "second_factor_required", message: SETUP_LINK_NEEDED_MESSAGE } }, { status: 403, headers });
  return new Response(SETUP_LINK_NEEDED_MESSAGE, { status: 403, headers: { ...headers, "Content-Type": "text/plain; charset=utf-8" } });
}

/** The gate's middleware (app/routes/private-gate.tsx). */
export const privateGate: MiddlewareFunction<Response> = async ({ request, context, pattern, url }, next) => {
  const ctx = getRequestContext(context);
  const route = privateRouteOfPattern(pattern);
  if (!route) {
    // Under the gate but not in the route table as private: refuse rather than guess.
    ctx.logger.error({ pattern }, "a route under the private gate is not declared private in site-routes.ts");
    return new Response("페이지를 찾을 수 없습니다.", { status: 404, headers: { ...NO_STORE, "Content-Type": "text/plain; charset=utf-8" } });
  }
  if (accessOf(route) === "api-writer") {
    const refused = await passApiWriter(ctx, route, request);
    if (refused) return refused;
    return next();
  }
  const session = await ctx.staffSession();
  if (!session) return refuseStaff(route, request, url);
  if (await needsEnrollment(ctx, session)) {
    if (!session.selfEnrollment) return endUntilSetUp(ctx, route, request, url);
    if (route.pattern !== ACCOUNT_SECURITY_PATH) return refuseUntilEnrolled(route, request, url);
  }
  // A private route without an area is refused to everyone: the route table's test names it.
  if (!route.area || !roleMay(session.role, route.area, areaUseOfMethod(request.method))) return refuseRole(route, request, url);
  ctx.gate.staff = session;
  return next();
};

class NotBehindGateError extends Error {
  override name = "NotBehindGateError";
  constructor(what: string) {
    super(`${what}: this route is not behind the private gate (app/routes.ts, decision 031)`);
  }
}

/** The signed-in member of staff the gate let through. Throws on a route the gate did not pass. */
export function staffSessionOf(ctx: RequestContext): SignedInStaff {
  if (!ctx.gate.staff) throw new NotBehindGateError("staff session");
  return ctx.gate.staff;
}

/** The API writer (token or staff session) the gate let through. Throws on a route the gate did not pass. */
export function apiWriterOf(ctx: RequestContext): Actor {
  if (!ctx.gate.writer) throw new NotBehindGateError("API writer");
  return ctx.gate.writer;
}

/**
 * Whether this request's signed-in person may see unpublished content (drafts, hidden artists) on the
 * public pages and the API's reads: a session whose role reads the content area. Public routes ask
 * this themselves; it never refuses.
 */
export async function readsUnpublishedContent(ctx: RequestContext): Promise<boolean> {
  const session = await ctx.staffSession();
  return session !== null && roleMay(session.role, "content", "read");
}
