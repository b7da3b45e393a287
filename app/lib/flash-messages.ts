/** Notices shown once after a redirect (spec §8: saved, updated; plus the other admin outcomes). */
export const FLASH_MESSAGES = {
  "artist-created": "배우가 저장되었습니다.",
  "artist-updated": "배우 정보가 수정되었습니다.",
  "artist-deleted": "배우가 삭제되었습니다.",
  "news-created": "뉴스가 등록되었습니다.",
  "news-updated": "뉴스가 수정되었습니다.",
  "news-deleted": "뉴스가 삭제되었습니다.",
  "notice-created": "공지사항이 등록되었습니다.",
  "notice-updated": "공지사항이 수정되었습니다.",
  "notice-deleted": "공지사항이 삭제되었습니다.",
  "signed-in": "관리자로 로그인했습니다.",
  "signed-out": "로그아웃했습니다.",
} as const;

export type FlashCode = keyof typeof FLASH_MESSAGES;

export function isFlashCode(value: unknown): value is FlashCode {
  return typeof value === "string" && Object.hasOwn(FLASH_MESSAGES, value);
}
