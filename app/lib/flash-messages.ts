import { withParticle } from "../domain/korean";
import { POST_KIND_INFO, POST_KINDS, type PostKind } from "../domain/post-kinds";

type PostFlashCode = `${PostKind}-${"created" | "updated" | "deleted"}`;

const postMessages = Object.fromEntries(
  POST_KINDS.flatMap((kind) => {
    const subject = withParticle(POST_KIND_INFO[kind].label, "이/가");
    return [
      [`${kind}-created`, `${subject} 등록되었습니다.`],
      [`${kind}-updated`, `${subject} 수정되었습니다.`],
      [`${kind}-deleted`, `${subject} 삭제되었습니다.`],
    ];
  }),
) as Record<PostFlashCode, string>;

/** Notices shown once after a redirect (spec §8: saved, updated; plus the other admin outcomes). */
export const FLASH_MESSAGES = {
  "artist-created": "배우가 저장되었습니다.",
  "artist-updated": "배우 정보가 수정되었습니다.",
  "artist-deleted": "배우가 삭제되었습니다.",
  ...postMessages,
  "signed-in": "관리자로 로그인했습니다.",
  "signed-out": "로그아웃했습니다.",
} as const satisfies Record<string, string>;

export type FlashCode = keyof typeof FLASH_MESSAGES;

export function isFlashCode(value: unknown): value is FlashCode {
  return typeof value === "string" && Object.hasOwn(FLASH_MESSAGES, value);
}
