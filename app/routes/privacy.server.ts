import { auditionConsent, GUARDIAN_AGE, retentionSentence } from "../domain/auditions";
import type { Locale } from "../domain/locale";
import { entrustedTasks, privacyPolicyEffectiveDate } from "../domain/privacy-policy";
import { SESSION_ABSOLUTE_MS } from "../server/auth/sessions.server";
import { roleReachesPersonalData, STAFF_ROLE_INFO, STAFF_ROLES } from "../domain/staff-roles";
import { ACCESS_CHANGE_KEEP_YEARS } from "../server/staff/staff-access-changes.server";
import { LOGIN_IP_LIMIT, LOGIN_WINDOW_MS } from "../server/auth/sign-in-throttle.server";
import type { Database } from "../server/platform/db.server";
import { getSiteSettings } from "../server/site/settings.server";

/**
 * What /privacy states, from the stored settings: nothing on the page is typed twice. The English
 * translation (/en/privacy, decision 065) is built from the same settings and constants, in English.
 */
export async function loadPrivacyPolicy(db: Database, locale: Locale = "ko") {
  const settings = await getSiteSettings(db);
  const english = locale === "en";
  return {
    locale,
    companyName: english ? settings.companyNameEn : settings.companyName,
    retentionDays: settings.auditionRetentionDays,
    retention: retentionSentence(settings.auditionRetentionDays, locale),
    consent: auditionConsent(locale),
    guardianAge: GUARDIAN_AGE,
    officer: settings.privacyOfficer,
    processors: entrustedTasks(settings.processors, locale),
    effectiveDate: privacyPolicyEffectiveDate(settings.privacyPolicyUpdatedAt),
    // The safety measures as the code enforces them (app/server/auth/sessions.server.ts, sign-in-throttle.server.ts).
    staffSession: { idleMinutes: settings.staffIdleMinutes, maxHours: SESSION_ABSOLUTE_MS / 3_600_000 },
    // Who may see applicants' data (app/domain/staff-roles.ts), and how long grants are kept.
    applicantRoles: STAFF_ROLES.filter(roleReachesPersonalData).map((role) => (english ? STAFF_ROLE_INFO[role].labelEn : STAFF_ROLE_INFO[role].label)),
    accessChangeKeepYears: ACCESS_CHANGE_KEEP_YEARS,
    secondFactorForAll: settings.secondFactorForAll,
    signInLimit: { attempts: LOGIN_IP_LIMIT, minutes: LOGIN_WINDOW_MS / 60_000 },
    // 접속기록 (decision 039): how long they are kept.
    accessRecordYears: settings.accessRecordRetentionYears,
  };
}

/** Everything the policy states, in one language. */
export type PrivacyPolicyFacts = Awaited<ReturnType<typeof loadPrivacyPolicy>>;
