import { describe, expect, it } from "vitest";
import { isRouterFallbackBody, sendSiteError, sendUnavailable, unhandledErrors } from "../../../app/server/pipeline/error-answers.server";
import { serve } from "./serve";

describe("error answers", () => {
  it("recognises React Router's English fallbacks and nothing of ours", () => {
    expect(isRouterFallbackBody("Unexpected Server Error")).toBe(true);
    expect(isRouterFallbackBody('{"message":"Not Found"}')).toBe(true);
    expect(isRouterFallbackBody("Method Not Allowed")).toBe(true);
    expect(isRouterFallbackBody('{"error":{"code":"not_found"}}')).toBe(false);
    expect(isRouterFallbackBody("<!DOCTYPE html>")).toBe(false);
  });

  it("a 503 says when to come back, in JSON for the API and in the page's language for browsers, and is counted", async () => {
    const shed: unknown[] = [];
    const counter = { inc: (labels: unknown) => void shed.push(labels) } as never;
    const { url } = await serve((app) => app.use((req, res) => sendUnavailable(counter, req, res, req.path.includes("db") ? "database" : "overloaded", 3)));
    const api = await fetch(`${url}/api/we/news`);
    expect(api.status).toBe(503);
    expect(api.headers.get("retry-after")).toBe("3");
    expect(((await api.json()) as { error: { code: string } }).error.code).toBe("overloaded");
    const page = await fetch(`${url}/en/db`, { headers: { accept: "text/html" } });
    expect(page.headers.get("content-type")).toContain("text/html");
    expect(await page.text()).toContain('lang="en"');
    expect(shed).toEqual([{ reason: "overloaded" }, { reason: "database" }]);
  });

  it("an unhandled error is logged and answered with the site's 500; a refusal keeps its Allow", async () => {
    const { url, records } = await serve((app) => {
      app.get("/boom", () => {
        throw new Error("boom");
      });
      app.get("/api/x", (req, res) => sendSiteError(req, res, 405, "GET"));
      app.use(unhandledErrors);
    });
    const boom = await fetch(`${url}/boom`, { headers: { accept: "application/json" } });
    expect(boom.status).toBe(500);
    expect(((await boom.json()) as { error: { code: string } }).error.code).toBe("internal_error");
    expect(records.find((record) => record.msg === "unhandled error")).toBeDefined();
    const refused = await fetch(`${url}/api/x`);
    expect(refused.status).toBe(405);
    expect(refused.headers.get("allow")).toBe("GET");
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("method_not_allowed");
  });
});
