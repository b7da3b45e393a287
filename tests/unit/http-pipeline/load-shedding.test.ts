import { describe, expect, it } from "vitest";
import { sessionCookie } from "../../../app/server/auth/sessions.server";
import { loadShedding } from "../../../app/server/pipeline/load-shedding.server";
import type { EventLoopWatch } from "../../../app/server/pipeline/overload.server";
import { serve } from "./serve";

const calmLoop: EventLoopWatch = { delay: () => 0, noteRequest: () => {}, saturated: () => false, stop: () => {} };
const counter = { inc: () => {} } as never;

async function shedder(options: { dbUp?: boolean; loop?: EventLoopWatch } = {}) {
  const release: (() => void)[] = [];
  const server = await serve((app) => {
    app.use(
      loadShedding({
        maxConcurrent: 1,
        maxEventLoopDelayMs: 100,
        eventLoop: options.loop ?? calmLoop,
        dbHealth: { isUp: options.dbUp ?? true },
        sessionSecret: "secret",
        shed: counter,
      }),
    );
    app.get("/slow", (_req, res) => void release.push(() => res.send("slow")));
    app.get("/fast", (_req, res) => res.send("fast"));
  });
  return { ...server, release };
}

describe("load shedding", () => {
  it("a database known to be down is answered 503 at once, asked again in 5 s", async () => {
    const { url } = await shedder({ dbUp: false });
    const answer = await fetch(`${url}/fast`);
    expect(answer.status).toBe(503);
    expect(answer.headers.get("retry-after")).toBe("5");
  });

  it("beyond the renders in flight, anonymous requests get 503 until one finishes", async () => {
    const { url, release, records } = await shedder();
    const slow = fetch(`${url}/slow`);
    while (release.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    const refused = await fetch(`${url}/fast`);
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toBe("1");
    expect(records.find((record) => record.msg === "overloaded: answering 503")).toMatchObject({ inFlight: 1 });
    release[0]!();
    expect(await (await slow).text()).toBe("slow");
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await (await fetch(`${url}/fast`)).text()).toBe("fast");
  });

  it("a saturated event loop sheds too, but a request with a signed session gets through", async () => {
    const { url } = await shedder({ loop: { ...calmLoop, saturated: () => true } });
    expect((await fetch(`${url}/fast`)).status).toBe(503);
    const cookie = await sessionCookie("secret").serialize("x".repeat(40));
    expect(await (await fetch(`${url}/fast`, { headers: { cookie } })).text()).toBe("fast");
  });
});
