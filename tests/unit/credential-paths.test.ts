import { describe, expect, it } from "vitest";
import { credentialRedactor } from "../../app/domain/credential-paths";
import { ENGLISH_ROUTES, redactCredentials, SITE_ROUTES } from "../../app/domain/site-routes";
import { capturedLogger } from "../setup/captured-logger";

const token = "Ab3_-".repeat(8) + "xyz";

/** Credentials in addresses never reach a log line (decision 053). */
describe("credentials in addresses", () => {
  it("every route with a token in its address declares it a credential", () => {
    for (const route of [...SITE_ROUTES, ...ENGLISH_ROUTES]) {
      if (/:token\b/.test(route.pattern)) expect(route.credential, route.pattern).toBe("token");
    }
  });

  it.each([
    [`/adminInvite/${token}`, "/adminInvite/[redacted]"],
    [`/ADMININVITE/${token}.data`, "/ADMININVITE/[redacted]"],
    [`/casting/${token}`, "/casting/[redacted]"],
    [`/casting/${token}/12?answered=1#answer`, "/casting/[redacted]/12?answered=1#answer"],
    [`/casting/${token}/12/profile.pdf`, "/casting/[redacted]/12/profile.pdf"],
    [`http://127.0.0.1:3000/casting/${token}.data`, "http://127.0.0.1:3000/casting/[redacted]"],
    [`"referer":"https://we.example/adminInvite/${token}?x=1"`, `"referer":"https://we.example/adminInvite/[redacted]?x=1"`],
    [`No route matches URL \\"/casting/${token}/9\\"`, `No route matches URL \\"/casting/[redacted]/9\\"`],
    [`/adminLogin?redirectTo=%2FadminInvite%2F${token}%3Fa%3D1`, "/adminLogin?redirectTo=%2FadminInvite%2F[redacted]%3Fa%3D1"],
    [`/adminLogin?redirectTo=%2fcasting%2f${token}`, "/adminLogin?redirectTo=%2fcasting%2f[redacted]"],
    ["/artist/한서윤", "/artist/한서윤"],
    ["/admin/packages/3", "/admin/packages/3"],
  ])("%s is written as %s", (text, expected) => {
    expect(redactCredentials(text)).toBe(expected);
  });

  it("a credential in a query, and one behind other parameters, is replaced too", () => {
    const redact = credentialRedactor([{ pattern: "/reset/:lang", credential: "code" }, { pattern: "/open/:id" }]);
    expect(redact(`/reset/ko?code=${token}&next=%2F`)).toBe("/reset/ko?code=[redacted]&next=%2F");
    expect(redact(`/reset/ko?a=1&code=${token}#top`)).toBe("/reset/ko?a=1&code=[redacted]#top");
    expect(redact(`?back=%2Freset%2Fen%3Fcode%3D${token}%26x%3D1`)).toBe("?back=%2Freset%2Fen%3Fcode%3D[redacted]%26x%3D1");
    expect(redact("/reset/ko?mode=code")).toBe("/reset/ko?mode=code");
    expect(redact(`/open/${token}`)).toBe(`/open/${token}`);
  });

  it("the server's logger writes every line through it: fields, messages, errors and child loggers' bindings", () => {
    const { logger, lines } = capturedLogger();
    logger.warn({ url: `/adminInvite/${token}` }, "cross-site write refused");
    logger.debug(`GET /casting/${token}/3`);
    logger.error({ err: new Error(`No route matches URL "/casting/${token}"`) }, "request error");
    logger.child({ referer: `https://we.example/casting/${token}` }).info("child");
    const output = lines.join("");
    expect(lines).toHaveLength(4);
    expect(output).not.toContain(token);
    expect(output).toContain('"url":"/adminInvite/[redacted]"');
    expect(output).toContain("/casting/[redacted]/3");
    expect(output).toContain('"referer":"https://we.example/casting/[redacted]"');
  });
});
