import { describe, expect, it } from "vitest";
import { requestLog } from "../../../app/server/pipeline/request-log.server";
import { logContext } from "../../../app/server/platform/logger.server";
import { capturedLogger } from "../../setup/captured-logger";
import { pollUntil } from "../../setup/app-server";
import { serve } from "./serve";

describe("request id and logging", () => {
  it("keeps a sane client id, replaces an odd one, runs the request inside it, and times each answer", async () => {
    const { logger, records } = capturedLogger();
    const observed: [string, string, number][] = [];
    const { url } = await serve((app) => {
      app.use(requestLog({ logger, metrics: { observeRequest: (path, method, status) => void observed.push([path, method, status]) } }));
      app.get("/ok", (_req, res) => res.send(logContext.getStore()?.reqId));
      app.get("/down", (_req, res) => res.status(503).end());
      app.get("/broken", (_req, res) => res.status(500).end());
    });
    const kept = await fetch(`${url}/ok`, { headers: { "x-request-id": "abc-123" } });
    expect(kept.headers.get("x-request-id")).toBe("abc-123");
    expect(await kept.text()).toBe("abc-123");
    const replaced = await fetch(`${url}/ok`, { headers: { "x-request-id": "<script>" } });
    expect(replaced.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);

    // 503s come in floods: the second within the second is only counted.
    await fetch(`${url}/down`);
    await fetch(`${url}/down`);
    await fetch(`${url}/broken`);
    await pollUntil(() => observed.some(([path]) => path === "/broken"), { timeoutMs: 2_000, what: () => "the last answer to be observed" });
    expect(observed).toContainEqual(["/ok", "GET", 200]);
    expect(observed.filter(([path]) => path === "/down")).toHaveLength(2);
    const unavailable = () => records.filter((record) => record.msg === "answering 503");
    expect(unavailable()).toHaveLength(1);
    expect(unavailable()[0]).toMatchObject({ answered503SinceLastLog: 1 });
    // The one only counted is written at the end of its second, not kept until some later 503.
    await pollUntil(() => unavailable().length === 2, { timeoutMs: 3_000, what: () => "the second's count to be written" });
    expect(unavailable()[1]).toMatchObject({ answered503SinceLastLog: 1 });
    expect(records.find((record) => record.msg === "request failed")).toMatchObject({ status: 500, url: "/broken" });
    expect(records.find((record) => record.msg === "request" && record.url === "/ok")).toMatchObject({ status: 200 });
  });
});
