/**
 * The e2e stories' way to put an artist or a news post on the site before the part they are about: the
 * JSON API, with the signed-in administrator's API client (`adminApi` in tests/e2e/admin/admin-helpers.ts)
 * and the site's origin (a write without it is refused).
 */
import { expect, type APIRequestContext } from "@playwright/test";

/** Adds an artist (`POST /api/we/addactor`); `imgList`: stored photo URLs, the first one the main photo. */
export async function createArtist(api: APIRequestContext, origin: string, artist: { name: string; ename: string; imgList?: string[] }): Promise<void> {
  const response = await api.post("/api/we/addactor", { headers: { Origin: origin }, data: artist });
  expect(response.status(), await response.text()).toBe(201);
}

/** Publishes a news post (`POST /api/we/writenews`) and returns its id. */
export async function createNews(api: APIRequestContext, origin: string, post: { title: string; content: string }): Promise<number> {
  const response = await api.post("/api/we/writenews", { headers: { Origin: origin }, data: post });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { postId: number }).postId;
}
