import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useAppServer } from "../../setup/app-server";
import { testEngine } from "../../setup/test-database";

const NAVER = "0123456789abcdef0123456789abcdef01234567";
const GOOGLE = "Abc-DEF_123ghiJKL456mnoPQR789stuVWX012yzA";

describe(`search engines' site verification codes from the environment are on every public page (${testEngine()})`, () => {
  const server = useAppServer({ beforeAll, afterAll }, { env: { NAVER_SITE_VERIFICATION: NAVER, GOOGLE_SITE_VERIFICATION: GOOGLE } });

  it("once per page in <head>, also on pages whose own meta replaces the root's", async () => {
    for (const path of ["/", "/company", "/news", "/pr", "/artist", "/audition", "/en", "/en/news"]) {
      const html = await (await fetch(server.baseURL + path)).text();
      const head = html.slice(0, html.indexOf("</head>"));
      expect(head.match(/<meta name="naver-site-verification" content="([^"]*)"\/>/g), path).toEqual([`<meta name="naver-site-verification" content="${NAVER}"/>`]);
      expect(head.match(/<meta name="google-site-verification" content="([^"]*)"\/>/g), path).toEqual([`<meta name="google-site-verification" content="${GOOGLE}"/>`]);
    }
  });
});
