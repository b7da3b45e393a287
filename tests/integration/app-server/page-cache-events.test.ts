import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useAppServer } from "../../setup/app-server";
import { signInCookie } from "../../setup/sign-in";
import { postForm, uploadImage } from "../../setup/site-requests";
import { testEngine } from "../../setup/test-database";

async function get(baseURL: string, pathname: string) {
  const response = await fetch(baseURL + pathname);
  return { status: response.status, cache: response.headers.get("x-cache"), text: await response.text() };
}

describe(`the page cache follows change events, not HTTP methods (${testEngine()})`, () => {
  const server = useAppServer({ beforeAll, afterAll }, { signIn: true });

  it("an image upload changes no page, so it leaves the cache as it was", async () => {
    await get(server.baseURL, "/news");
    expect((await get(server.baseURL, "/news")).cache).toBe("HIT");
    expect((await uploadImage(server, server.cookie, "#c96")).status).toBe(200);
    expect((await get(server.baseURL, "/news")).cache).toBe("HIT");
  });

  it("signing in or creating an API token changes no page either", async () => {
    await get(server.baseURL, "/pr");
    expect((await get(server.baseURL, "/pr")).cache).toBe("HIT");
    await signInCookie(server.baseURL);
    const token = await postForm(server, server.cookie, "/adminApiTokens", { name: "캐시 확인", intent: "create" });
    expect(token.status).toBe(200);
    expect((await get(server.baseURL, "/pr")).cache).toBe("HIT");
  });
});

