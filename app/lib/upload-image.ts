/** Uploads one image to the media pipeline (`POST /api/img`, field `image`); resolves to its stored URL and size. */
export async function uploadImage(file: File): Promise<{ url: string; width: number; height: number }> {
  const body = new FormData();
  body.append("image", file);
  let response: Response;
  try {
    response = await fetch("/api/img", { method: "POST", body, credentials: "same-origin" });
  } catch {
    throw new Error("네트워크 오류로 사진을 올리지 못했습니다. 연결을 확인한 뒤 다시 시도해 주세요.");
  }
  let payload: unknown = null;
  try {
    payload = await response.json();
  } catch {
    // A non-JSON answer is reported below as a failure.
  }
  if (!response.ok) {
    const message = (payload as { error?: { message?: string } } | null)?.error?.message;
    throw new Error(message ?? "이미지 업로드 중 오류가 발생했습니다.");
  }
  const { url, width, height } = (payload ?? {}) as { url?: unknown; width?: unknown; height?: unknown };
  if (typeof url !== "string") throw new Error("이미지 업로드 중 오류가 발생했습니다.");
  return { url, width: typeof width === "number" ? width : 0, height: typeof height === "number" ? height : 0 };
}
