import { isStaffRole, secondFactorRequired } from "../../domain/staff-roles";
import { recordAudit } from "../platform/audit.server";
import type { Database } from "../platform/db.server";
import { getSiteSettings } from "../site/settings.server";

/**
 * Where a second factor may be enrolled (decision 040, amended 2026-11-29). An account that must have one
 * and signs in with the password alone would otherwise enroll its own authenticator from that session:
 * whoever stole the password before the owner of the account enrolled would reach applicants' data. So
 * only two accounts may do that, both set up by whoever runs the server: the first owner made at first
 * start, and an account reset with `npm run admin:password -- --reset-second-factor` (`selfEnrollment`).
 * Everyone else enrolls through a link: the invitation itself, or a setup link from an owner.
 */

export const SETUP_LINK_NEEDED_MESSAGE =
  "이 계정은 2단계 인증을 아직 설정하지 않아 비밀번호만으로는 로그인할 수 없습니다. 대표 관리자에게 2단계 인증 설정 링크를 요청해 주세요.";

/** What the check reads of an account (its row in admin_users). */
export interface EnrollmentState {
  id: number;
  loginId: string;
  role: string;
  totpEnabledAt: Date | null;
  selfEnrollment: boolean;
}

/** Whether the account must have a second factor, has none, and may not enroll from a password-only session. */
export async function needsSetupLink(db: Database, account: Omit<EnrollmentState, "id" | "loginId">): Promise<boolean> {
  if (account.totpEnabledAt !== null || account.selfEnrollment) return false;
  return !isStaffRole(account.role) || secondFactorRequired({ role: account.role }, await getSiteSettings(db));
}

/**
 * At sign-in, once the password proved right and the account has no second factor: true (and the
 * refusal is in the activity log) when no session may start, because the account needs a setup link.
 */
export async function refusesPasswordOnlySession(db: Database, account: EnrollmentState, ip: string): Promise<boolean> {
  if (!(await needsSetupLink(db, account))) return false;
  await recordAudit(db, { staffId: account.id, via: "session", label: account.loginId, ip }, { action: "sign-in-refused", entity: "session", entityId: account.id, details: { reason: "second-factor-not-set-up" } });
  return true;
}
