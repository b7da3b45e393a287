import { data, redirect } from "react-router";
import { WORKSPACE_PATHS } from "../../domain/paths";
import { STAFF_ROLE_INFO } from "../../domain/staff-roles";
import { acceptInvitation, invitationTotpSecret, linkRequiresSecondFactor, readInvitation } from "../../server/staff/staff-invitation-acceptance.server";
import { enrollmentView } from "../../server/auth/enrollment-view.server";
import { startSession } from "../../server/auth/sessions.server";
import type { RequestContext } from "../../server/route-kit/context.server";
import { hitRateLimit, rateLimitSubject } from "../../server/platform/rate-limit.server";
import { setFlash } from "../../server/route-kit/flash.server";
import { RequestBodyError } from "../../server/platform/form-body.server";
import { parseUploadForm } from "../../server/route-kit/uploads.server";

/**
 * /adminInvite/:token (invitation.tsx, decision 041): the one-time token is the credential, looked up
 * before anything is shown or read.
 */

// The token is in the path: no other site is told it (same-origin keeps the Origin header forms need).
const NO_STORE = { "Cache-Control": "private, no-store", "Referrer-Policy": "same-origin" };

export async function loadInvitation(ctx: RequestContext, token: string) {
  const { runtime } = ctx;
  const invitation = await readInvitation(runtime.db, token);
  if (invitation.state === "invalid") return data({ invitation: null }, { status: 404, headers: NO_STORE });
  const secret = await invitationTotpSecret(runtime.db, runtime.sessionSecret, invitation.id);
  // The authenticator app lists the account by its login id, or the e-mail while none is chosen yet.
  const accountName = invitation.account?.loginId ?? invitation.email;
  return data(
    {
      invitation: {
        name: invitation.displayName,
        roleLabel: STAFF_ROLE_INFO[invitation.role].label,
        /** A setup link's account (its login id stays); null: a new account. */
        loginId: invitation.account?.loginId ?? null,
        factorRequired: await linkRequiresSecondFactor(runtime.db, invitation),
        accountName,
        enrollment: await enrollmentView(secret, accountName),
      },
    },
    { headers: NO_STORE },
  );
}

/** A login id, two passwords and a code: a few KB at most. */
const MAX_BODY_BYTES = 8 * 1024;

/**
 * The form's posts per client address: enough for an invitee's typos, few enough that nobody tries
 * links at volume (every app server counts the same hits, rate-limit.server.ts).
 */
const POSTS_PER_ADDRESS = { bucket: "staff-invitation", limit: 10, windowMs: 15 * 60 * 1000 };

async function readForm(request: Request): Promise<FormData | RequestBodyError> {
  try {
    return await parseUploadForm(request, { fileFields: [], maxFiles: 0, maxParts: 8, maxTotalSize: MAX_BODY_BYTES });
  } catch (error) {
    if (error instanceof RequestBodyError) return error;
    throw error;
  }
}

type ActionReply = { formError: string; errors: Record<string, string>; loginId: string } | { accepted: { loginId: string; recoveryCodes: string[]; created: boolean } };

export async function handleInvitationAction(ctx: RequestContext, request: Request, token: string) {
  const { runtime, clientIp } = ctx;
  const form = await readForm(request);
  const text = (name: string) => {
    const value = form instanceof FormData ? form.get(name) : null;
    return typeof value === "string" ? value : "";
  };
  const refuse = (status: number, formError: string, errors: Record<string, string> = {}, headers: Record<string, string> = {}) =>
    data<ActionReply>({ formError, errors, loginId: text("loginId").slice(0, 40) }, { status, headers: { ...NO_STORE, ...headers } });
  // Counted before the link is looked up: every post, whatever it carries.
  const limit = await hitRateLimit(runtime.db, POSTS_PER_ADDRESS, rateLimitSubject(runtime.sessionSecret, POSTS_PER_ADDRESS.bucket, clientIp));
  if (!limit.allowed) {
    const minutes = Math.ceil(limit.retryAfterSeconds / 60);
    return refuse(429, `이 네트워크에서 보낸 요청이 너무 많습니다. ${minutes}분 뒤에 다시 시도해 주세요. 비밀번호와 인증 코드는 그때 다시 입력해 주세요.`, {}, { "Retry-After": String(limit.retryAfterSeconds) });
  }
  if (!(form instanceof FormData)) return refuse(form.status === 413 ? 413 : 400, "보낸 내용을 읽을 수 없습니다. 양식으로 다시 보내 주세요.");
  const outcome = await acceptInvitation(runtime.db, runtime.sessionSecret, token, { loginId: text("loginId"), password: text("password"), passwordConfirm: text("passwordConfirm"), code: text("code") }, clientIp);
  if (!outcome.ok) return refuse(outcome.errors ? 400 : 410, outcome.message, outcome.errors);
  // Signed in at once: the link and (where it was enrolled) the second factor proved who this is.
  const session = await startSession(runtime.db, runtime.sessionSecret, request, { staffId: outcome.staffId, loginId: outcome.loginId, ip: clientIp, details: { via: "invitation", secondFactor: outcome.recoveryCodes ? "totp" : null } });
  const headers = new Headers(NO_STORE);
  headers.append("Set-Cookie", session.setCookie);
  headers.append("Set-Cookie", session.deviceCookie);
  if (!outcome.recoveryCodes) {
    headers.append("Set-Cookie", await setFlash("invitation-accepted"));
    return redirect(WORKSPACE_PATHS.dashboard, { headers });
  }
  // The recovery codes are shown once, on this answer: no redirect, nothing kept to show them again. The
  // status is explicit, so the loader's 404 for the link (used now) does not become the page's.
  return data<ActionReply>({ accepted: { loginId: outcome.loginId, recoveryCodes: outcome.recoveryCodes, created: outcome.created } }, { status: 200, headers });
}
