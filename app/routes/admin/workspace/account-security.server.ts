import { data } from "react-router";
import { listPasskeys, removePasskey } from "../../../server/auth/passkeys.server";
import { formatKoreanDate } from "../../../lib/preview";
import {
  confirmEnrollment,
  disableSecondFactor,
  enrollmentSecret,
  regenerateRecoveryCodes,
  secondFactorStatus,
  type ManageResult,
} from "../../../server/auth/second-factor.server";
import { dismissSecurityNotice, pendingSecurityNotice } from "../../../server/auth/second-factor-throttle.server";
import { describeSecurityNotice } from "../../../domain/security-notice";
import { formatKst } from "../../../domain/kst";
import type { Database } from "../../../server/platform/db.server";
import { enrollmentView, type EnrollmentView } from "../../../server/auth/enrollment-view.server";
import { staffActor, readStaffForm } from "../../../server/route-kit/workspace-forms.server";
import { staffSessionOf } from "../../../server/route-kit/access-gate.server";
import type { RequestContext } from "../../../server/route-kit/context.server";

/** The account's login security notice in words (decision 051), or null. */
async function securityNoticeText(db: Database, staffId: number): Promise<string | null> {
  const notice = await pendingSecurityNotice(db, staffId);
  return notice ? describeSecurityNotice(notice, (iso) => formatKst(new Date(iso))) : null;
}

/** /admin/account/security: the signed-in account's second factor, recovery codes and passkeys (decision 040). */
export async function loadAccountSecurity(ctx: RequestContext) {
  const session = staffSessionOf(ctx);
  const account = { staffId: session.staffId, loginId: session.loginId };
  const status = await secondFactorStatus(ctx.runtime.db, account);
  let enrollment: EnrollmentView | null = null;
  if (!status.enabled) {
    const secret = await enrollmentSecret(ctx.runtime.db, ctx.runtime.sessionSecret, session.staffId);
    if (secret) enrollment = await enrollmentView(secret, session.loginId);
  }
  return data(
    {
      loginId: session.loginId,
      enabled: status.enabled,
      enabledAt: status.enabledAt ? formatKoreanDate(status.enabledAt) : null,
      recoveryCodesLeft: status.recoveryCodesLeft,
      required: status.required,
      enrollment,
      securityNotice: await securityNoticeText(ctx.runtime.db, session.staffId),
      passkeys: status.enabled
        ? (await listPasskeys(ctx.runtime.db, session.staffId)).map((p) => ({ id: p.id, name: p.name, createdAt: formatKoreanDate(p.createdAt), lastUsedAt: p.lastUsedAt ? formatKoreanDate(p.lastUsedAt) : null }))
        : [],
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

type ActionReply = { error: string | null; notice: string | null; recoveryCodes: string[] | null };

const reply = (result: ManageResult, notice: string): ActionReply =>
  result.ok ? { error: null, notice, recoveryCodes: result.recoveryCodes ?? null } : { error: result.message, notice: null, recoveryCodes: null };

export async function handleAccountSecurityAction(ctx: RequestContext, request: Request) {
  const session = staffSessionOf(ctx);
  const read = await readStaffForm(request, []);
  if ("refused" in read) return data<ActionReply>({ error: read.refused.data.formError, notice: null, recoveryCodes: null }, { status: read.refused.init?.status ?? 400 });
  const { form } = read;
  const actor = { ...staffActor(session, ctx), staffId: session.staffId, label: session.loginId };
  const { db, sessionSecret } = ctx.runtime;
  const code = String(form.get("code") ?? "").slice(0, 64);
  let result: ActionReply;
  switch (form.get("intent")) {
    case "confirm":
      result = reply(await confirmEnrollment(db, sessionSecret, actor, code), "2단계 인증을 켰습니다. 다음 로그인부터 인증 앱의 코드가 필요합니다.");
      break;
    case "regenerate":
      result = reply(await regenerateRecoveryCodes(db, sessionSecret, actor, code), "복구 코드를 새로 만들었습니다. 이전 복구 코드는 더 이상 쓸 수 없습니다.");
      break;
    case "dismiss-notice":
      await dismissSecurityNotice(db, session.staffId);
      result = { error: null, notice: "로그인 보안 알림을 확인 처리했습니다.", recoveryCodes: null };
      break;
    case "delete-passkey":
      result = (await removePasskey(db, actor, String(form.get("id") ?? "").slice(0, 1024)))
        ? { error: null, notice: "패스키를 지웠습니다.", recoveryCodes: null }
        : { error: "이미 지웠거나 없는 패스키입니다.", notice: null, recoveryCodes: null };
      break;
    case "disable":
      result = reply(await disableSecondFactor(db, sessionSecret, actor, { password: String(form.get("password") ?? "").slice(0, 256), code }), "2단계 인증을 껐습니다.");
      break;
    default:
      result = { error: "알 수 없는 요청입니다. 화면을 새로 고친 뒤 다시 시도해 주세요.", notice: null, recoveryCodes: null };
  }
  return data(result, { status: result.error ? 400 : 200, headers: { "Cache-Control": "private, no-store" } });
}
