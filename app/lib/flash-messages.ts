import { TRASH_RETENTION_DAYS } from "../domain/content-states";
import { formatKstSpoken } from "../domain/kst";
import { withParticle } from "../domain/korean";
import { POST_KIND_INFO, POST_KINDS, type PostKind } from "../domain/post-kinds";

/** What a post editor's save did (decision 067): each button's outcome has its own notice. */
export type PostSaveOutcome = "drafted" | "published" | "updated" | "unpublished" | "unscheduled" | "scheduled";

type PostFlashCode = `${PostKind}-${PostSaveOutcome | "deleted"}`;

const postMessages = Object.fromEntries(
  POST_KINDS.flatMap((kind) => {
    const label = POST_KIND_INFO[kind].label;
    const object = withParticle(label, "을/를");
    return [
      [`${kind}-drafted`, `${object} 임시 저장했습니다. 사이트에는 보이지 않습니다.`],
      [`${kind}-published`, `${object} 공개했습니다. 사이트에서 바로 볼 수 있습니다.`],
      [`${kind}-updated`, `공개 중인 ${object} 업데이트했습니다. 사이트에 바로 반영됩니다.`],
      [`${kind}-unpublished`, `${object} 비공개로 전환했습니다. 임시 저장 상태가 되어 사이트에는 보이지 않습니다.`],
      [`${kind}-unscheduled`, `${label}의 예약을 취소했습니다. 임시 저장 상태가 되어 사이트에는 보이지 않습니다.`],
      // Shown with its time when the notice carries one (scheduledMessage); this is the notice without it.
      [`${kind}-scheduled`, `${object} 예약했습니다. 정한 시각에 자동으로 공개됩니다.`],
      [`${kind}-deleted`, `${withParticle(label, "이/가")} 휴지통으로 옮겨졌습니다. ${TRASH_RETENTION_DAYS}일 안에 복원할 수 있습니다.`],
    ];
  }),
) as Record<PostFlashCode, string>;

/** The notice after 예약: "11월 30일 오후 3:00에 공개되도록 예약했습니다." (KST; the year when it is not this one). */
export function scheduledMessage(at: Date, now: Date): string {
  return `${formatKstSpoken(at, now)}에 공개되도록 예약했습니다.`;
}

/** Whether a notice's code may carry a time (the post's schedule). */
export function isTimedFlashCode(code: FlashCode): boolean {
  return code.endsWith("-scheduled");
}

/** Notices shown once after a redirect (requirements R8.6: saved, updated; plus the other admin outcomes). */
export const FLASH_MESSAGES = {
  "security-notice": "로그인했습니다. 지난번 로그인 뒤로 이 계정의 인증 코드가 여러 번 틀렸습니다. 개요의 ‘로그인 보안 알림’을 확인해 주세요.",
  "artist-created": "배우가 저장되었습니다.",
  "artist-updated": "배우 정보가 수정되었습니다.",
  "artist-deleted": `배우가 휴지통으로 옮겨졌습니다. ${TRASH_RETENTION_DAYS}일 안에 복원할 수 있습니다.`,
  ...postMessages,
  "posts-bulk-published": "선택한 글을 공개했습니다.",
  "posts-bulk-unpublished": "선택한 글의 공개를 중단했습니다. 임시 저장 상태가 되어 사이트에는 보이지 않습니다.",
  "posts-bulk-trashed": `선택한 글을 휴지통으로 옮겼습니다. ${TRASH_RETENTION_DAYS}일 안에 복원할 수 있습니다.`,
  "posts-bulk-unchanged": "이미 그 상태여서 바뀐 글이 없습니다.",
  "posts-none-selected": "먼저 목록에서 글을 선택해 주세요. 각 줄 앞의 확인란을 누르면 선택할 수 있습니다.",
  "posts-no-action": "선택한 글에 할 작업을 선택해 주세요.",
  "trash-restored": "휴지통에서 복원했습니다. 지우기 전의 상태로 돌아갔습니다.",
  "trash-purged": "영구 삭제했습니다.",
  "trash-restored-selected": "선택한 항목을 휴지통에서 복원했습니다. 지우기 전의 상태로 돌아갔습니다.",
  "trash-purged-selected": "선택한 항목을 영구 삭제했습니다.",
  "trash-none-selected": "먼저 목록에서 항목을 선택해 주세요. 각 줄 앞의 확인란을 누르면 선택할 수 있습니다.",
  "trash-unchanged": "선택한 항목이 이미 휴지통에 없습니다. 바뀐 것이 없습니다.",
  "trash-emptied": "휴지통을 비웠습니다.",
  "revision-restored": "이전 버전으로 복원했습니다. 복원도 새 버전으로 기록됩니다.",
  "roster-reordered": "배우 순서를 바꿨습니다. 사이트의 배우 목록에 바로 반영됩니다.",
  "media-alt-saved": "대체 텍스트를 저장했습니다.",
  "media-focal-saved": "초점을 저장했습니다. 이 사진으로 만드는 공유 이미지도 새 초점으로 바뀝니다.",
  "media-deleted": "이미지를 삭제했습니다.",
  "settings-saved": "사이트 설정을 저장했습니다. 모든 페이지에 바로 반영됩니다.",
  "audition-status-changed": "지원서 상태를 바꿨습니다. 상태 기록에 남았습니다.",
  "audition-status-unchanged": "이미 그 상태입니다. 바뀐 것이 없습니다.",
  "audition-notes-saved": "메모를 저장했습니다.",
  "audition-download-again": "파일을 내려받으려면 이 화면에서 이유를 고르고 ‘내려받기’를 눌러 주세요. 내려받기 주소는 1분 동안 한 번만 쓸 수 있습니다.",
  "access-month-inspected": "이 달의 접속기록을 점검한 것으로 기록했습니다.",
  "access-month-already-inspected": "이 달은 이미 점검을 마친 것으로 기록되어 있습니다.",
  "audition-deleted": "지원서를 사진·영상과 함께 삭제했습니다. 활동 기록에는 접수번호만 남습니다.",
  "auditions-status-changed": "선택한 지원서의 상태를 바꿨습니다.",
  "auditions-none-selected": "먼저 목록에서 지원서를 선택해 주세요. 각 줄 앞의 확인란을 누르면 선택할 수 있습니다.",
  "auditions-no-status": "바꿀 상태를 선택해 주세요.",
  "staff-role-changed": "역할을 바꿨습니다. 그 사람의 다음 요청부터 바로 적용됩니다. 콘텐츠를 바꿀 수 없는 역할이 되면 그 사람의 API 토큰은 폐기됩니다.",
  "staff-deactivated": "계정 사용을 중지했습니다. 그 사람의 로그인이 모두 끝났고 API 토큰은 폐기되었습니다.",
  "staff-reactivated": "계정을 다시 쓸 수 있게 했습니다.",
  "staff-removed": "계정을 삭제했습니다. 권한 변경 기록에는 남습니다.",
  "staff-invitation-revoked": "초대를 취소했습니다. 그 링크는 더 이상 쓸 수 없습니다.",
  "invitation-accepted": "계정을 만들었습니다. 관리 화면에 로그인했습니다.",
  "sessions-ended": "로그인을 끝냈습니다. 그 기기에서는 다시 로그인해야 합니다.",
  "password-changed": "비밀번호를 바꿨습니다. 다른 기기의 로그인은 모두 끝났습니다.",
  "site-import-started": "이전 사이트 가져오기를 시작했습니다. 이 화면에서 진행 상황을 볼 수 있습니다.",
  "site-import-dry-run": "시험 실행을 마쳤습니다. 아무것도 저장하지 않았습니다. 결과를 확인해 보세요.",
  "package-created": "캐스팅 패키지를 만들었습니다. 아래 링크를 복사해 받는 분께 전해 주세요.",
  "package-duplicated": "패키지를 복제했습니다. 새 받는 분의 링크가 따로 만들어졌습니다.",
  "package-revoked": "링크를 닫았습니다. 받는 분이 열면 더 이상 볼 수 없다는 안내가 나옵니다.",
  "package-extended": "링크의 기간을 바꿨습니다.",
  "package-created-sent": "캐스팅 패키지를 만들고 링크를 받는 분의 이메일로 보냈습니다. 잠시 뒤 도착합니다.",
  "package-sent": "링크를 받는 분의 이메일로 보냈습니다. 잠시 뒤 도착합니다.",
  "package-deleted": "패키지와 받는 분의 기록(방문, 답변)을 지웠습니다. 그 링크는 이제 열리지 않습니다.",
  "signed-in": "로그인했습니다.",
  "signed-out": "로그아웃했습니다.",
} as const satisfies Record<string, string>;

export type FlashCode = keyof typeof FLASH_MESSAGES;

export function isFlashCode(value: unknown): value is FlashCode {
  return typeof value === "string" && Object.hasOwn(FLASH_MESSAGES, value);
}
