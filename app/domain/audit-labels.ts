import { POST_KIND_INFO, POST_KINDS } from "./post-kinds";

/** How the workspace's activity log names what happened and to what. */

export const AUDIT_ACTION_LABELS: Record<string, string> = {
  create: "등록",
  update: "수정",
  trash: "휴지통으로 이동",
  restore: "휴지통에서 복원",
  purge: "영구 삭제",
  "restore-revision": "이전 버전으로 복원",
  reorder: "순서 변경",
  "scheduled-publish": "예약 공개",
  "scheduled-unpublish": "예약 공개 종료",
  upload: "업로드",
  "media-update": "사진 정보 수정",
  "media-focal": "초점 변경",
  "media-delete": "사진 삭제",
  "sign-in": "로그인",
  "sign-in-failed": "로그인 실패",
  "sign-in-refused": "로그인 거부(2단계 인증 설정 링크 필요)",
  "sign-out": "로그아웃",
  "sessions-ended": "로그인 강제 종료",
  "second-factor-pending": "비밀번호 확인(2단계 인증 대기)",
  "second-factor-failed": "2단계 인증 실패",
  "second-factor-locked": "2단계 인증 잠금(틀린 코드가 너무 많음)",
  "password-changed": "비밀번호 변경",
  "password-change-failed": "비밀번호 변경 실패",
  "second-factor-enabled": "2단계 인증 켜기",
  "second-factor-disabled": "2단계 인증 끄기",
  "second-factor-reset": "2단계 인증 초기화",
  "recovery-codes-regenerated": "복구 코드 새로 받기",
  "passkey-added": "패스키 등록",
  "passkey-removed": "패스키 삭제",
  revoke: "폐기",
  "settings-update": "설정 변경",
  "status-change": "상태 변경",
  "notes-update": "메모 수정",
  export: "내보내기",
  "retention-delete": "보관 기간 만료로 파기",
  "request-delete": "지원자 요청으로 파기",
  sweep: "정리(쓰지 않는 파일 삭제)",
  import: "가져오기",
  extend: "기간 연장",
  duplicate: "복제",
  "send-link": "링크 이메일 발송",
};

export const AUDIT_ENTITY_LABELS: Record<string, string> = {
  artist: "배우",
  ...Object.fromEntries(POST_KINDS.map((kind) => [kind, POST_KIND_INFO[kind].label])),
  media: "사진",
  "api-token": "API 토큰",
  session: "관리자 로그인·로그아웃",
  settings: "사이트 설정",
  trash: "휴지통",
  audition: "오디션 지원서",
  storage: "저장된 파일",
  "site-import": "이전 사이트",
  "casting-package": "캐스팅 패키지",
};

export function auditActionLabel(action: string): string {
  return AUDIT_ACTION_LABELS[action] ?? action;
}

export function auditEntityLabel(entity: string): string {
  return AUDIT_ENTITY_LABELS[entity] ?? entity;
}
