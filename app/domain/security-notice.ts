/**
 * What a member of staff is told after someone else tried to pass their second sign-in step (decision
 * 051): how many wrong codes, whether the step was refused for a while, when, and from which addresses.
 * Kept on the account until they say they have read it.
 */
export interface SecurityNotice {
  /** Wrong codes (TOTP, recovery codes, passkeys) since the person's last successful second step. */
  wrongCodes: number;
  /** How many times the second step was refused for a while because of them. */
  lockouts: number;
  /** The first and the last wrong code (ISO 8601). */
  firstAt: string;
  lastAt: string;
  /** The addresses they came from, the most recent first (at most MAX_NOTICE_ADDRESSES). */
  addresses: string[];
}

export const MAX_NOTICE_ADDRESSES = 5;

/** The notice with one more wrong code (and, when it began a refusal, one more lockout) from `ip` at `at`. */
export function addWrongCode(notice: SecurityNotice | null, at: Date, ip: string, lockedOut: boolean): SecurityNotice {
  const when = at.toISOString();
  const addresses = [ip, ...(notice?.addresses ?? []).filter((a) => a !== ip)].filter(Boolean).slice(0, MAX_NOTICE_ADDRESSES);
  return {
    wrongCodes: (notice?.wrongCodes ?? 0) + 1,
    lockouts: (notice?.lockouts ?? 0) + (lockedOut ? 1 : 0),
    firstAt: notice?.firstAt ?? when,
    lastAt: when,
    addresses,
  };
}

/** The notice in a sentence or two, as the workspace shows it (times in KST as `formatTime` writes them). */
export function describeSecurityNotice(notice: SecurityNotice, formatTime: (iso: string) => string): string {
  const locked = notice.lockouts > 0 ? ` 그래서 이 계정의 2단계 인증을 ${notice.lockouts}번 잠시 막았습니다.` : "";
  const [first, last] = [formatTime(notice.firstAt), formatTime(notice.lastAt)];
  const when = first === last ? last : `${first}부터 ${last}까지`;
  const from = notice.addresses.length > 0 ? ` 주소: ${notice.addresses.join(", ")}.` : "";
  return `지난번 로그인 뒤로 이 계정에 올바른 비밀번호와 함께 틀린 인증 코드가 ${notice.wrongCodes}번 입력되었습니다(${when}).${locked}${from}`;
}
