import { describe, expect, it } from "vitest";
import { apiCors, sameOriginWrites } from "../../../app/server/pipeline/origin-check.server";
import { serve } from "./serve";

const env = { PUBLIC_ORIGIN: undefined, CORS_ORIGINS: ["https://front.example"] };
const app = () =>
  serve((app) => {
    app.use("/api", apiCors(env));
    app.use(sameOriginWrites(env));
    app.all("/{*path}", (_req, res) => res.send("ran"));
  });

describe("origin check and API CORS", () => {
  it("refuses a browser's write from another origin: text for pages, JSON for the API, and logs it", async () => {
    const { url, records } = await app();
    const page = await fetch(`${url}/adminLogin`, { method: "POST", headers: { origin: "https://evil.example" } });
    expect(page.status).toBe(403);
    expect(page.headers.get("cache-control")).toBe("no-store");
    expect(await page.text()).toBe("다른 사이트에서 보낸 요청은 처리할 수 없습니다. 이 사이트에서 다시 시도해 주세요.");
    const api = await fetch(`${url}/api/we/news`, { method: "POST", headers: { origin: "https://evil.example" } });
    expect(((await api.json()) as { error: { code: string } }).error.code).toBe("forbidden_origin");
    expect(records.filter((record) => record.msg === "cross-site write refused")).toHaveLength(2);
  });

  it("lets same-origin writes, reads, and the allowlisted origin's API writes through", async () => {
    const { url } = await app();
    expect(await (await fetch(`${url}/x`, { method: "POST", headers: { origin: url } })).text()).toBe("ran");
    expect(await (await fetch(`${url}/x`, { headers: { origin: "https://evil.example" } })).text()).toBe("ran");
    expect(await (await fetch(`${url}/x`, { method: "POST", headers: { "sec-fetch-site": "same-origin" } })).text()).toBe("ran");
    expect((await fetch(`${url}/x`, { method: "POST", headers: { origin: "https://front.example" } })).status).toBe(403);
    const api = await fetch(`${url}/api/we/news`, { method: "POST", headers: { origin: "https://front.example" } });
    expect(await api.text()).toBe("ran");
    expect(api.headers.get("access-control-allow-origin")).toBe("https://front.example");
  });

  it("answers preflights itself, echoing only an allowed origin", async () => {
    const { url } = await app();
    const allowed = await fetch(`${url}/api/we/news`, { method: "OPTIONS", headers: { origin: "https://front.example" } });
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get("access-control-allow-methods")).toBe("GET, POST, PUT, DELETE");
    expect(allowed.headers.get("vary")).toBe("Origin");
    const other = await fetch(`${url}/api/we/news`, { method: "OPTIONS", headers: { origin: "https://evil.example" } });
    expect(other.status).toBe(204);
    expect(other.headers.get("access-control-allow-origin")).toBeNull();
  });
});
