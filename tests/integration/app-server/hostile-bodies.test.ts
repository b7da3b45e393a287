import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ANONYMOUS_BODY_SLOTS } from "../../../app/server/pipeline/request-limits.server";
import { pollUntil, useAppServer } from "../../setup/app-server";
import { percentile, residentMb, startHostileClients, timePages, type HostileClients, type HostileSpec, type HostileState } from "../../setup/hostile-bodies";
import { TEST_ADMIN, uniqueClientIp } from "../../setup/sign-in";
import { testEngine } from "../../setup/test-database";

/**
 * No anonymous client can exhaust the server with request bodies. 100 slow bodies (a byte a
 * second) and 100 huge ones (600 MB, chunked or declared) to the two forms anyone may send (sign-in and
 * the audition application) take at most their own share of the request slots and are cut by the body
 * limits, while uncached pages keep answering and the server's memory stays where it was. The latency
 * figures are printed here and measured on a quiet machine by `npm run bench:hostile-bodies`
 * (docs/benchmarks.md).
 */

const PAGES = ["/company", "/artist", "/news", "/audition", "/privacy", "/en/company", "/pr", "/notice"];
const AUDITION_SUBMIT = "/audition/apply/submit";
const VIDEO_PART = '--x\r\nContent-Disposition: form-data; name="videoFile"; filename="v.mp4"\r\nContent-Type: video/mp4\r\n\r\n';

describe(`anonymous slow and huge request bodies (${testEngine()})`, () => {
  // Every page is rendered for each request: no page cache to hide behind.
  const server = useAppServer({ beforeAll, afterAll }, { env: { PAGE_CACHE: "false", MAX_EVENT_LOOP_DELAY_MS: "60000" } });
  let clients: HostileClients | null = null;
  let address = 0;
  const nextAddress = () => `203.0.${Math.floor(address / 250) % 250}.${(address++ % 250) + 1}`;
  afterEach(async () => {
    await clients?.stop();
    clients = null;
  });
  /** Polls the clients' states until `done` holds. */
  const waitForClients = async (done: (states: HostileState[]) => boolean, what: string, timeoutMs: number) => {
    let states: HostileState[] = [];
    await pollUntil(async () => done((states = await clients!.states())), { timeoutMs, what: () => `${what} (${JSON.stringify(states.map((s) => s.status ?? (s.closed ? "closed" : "…")))})` });
    return states;
  };

  const pagesMeanwhile = async (rounds: number) => {
    const paths = Array.from({ length: rounds }, (_, i) => `${PAGES[i % PAGES.length]}?v=${i}`);
    return timePages(server.baseURL, paths);
  };
  const signInWorks = async () =>
    (
      await fetch(`${server.baseURL}/adminLogin`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.baseURL, "X-Forwarded-For": uniqueClientIp() },
        body: new URLSearchParams({ id: TEST_ADMIN.id, password: TEST_ADMIN.password }),
        redirect: "manual",
      })
    ).status;

  /** The server's memory once it has rendered every page a few times (PGlite's caches fill on first use). */
  const settledMemory = async () => {
    // The same work as measured below, twice, so that the heap has grown to what rendering needs.
    await pagesMeanwhile(80);
    await pagesMeanwhile(80);
    expect(await signInWorks()).toBe(302);
    return residentMb(server.server.pid);
  };

  it("100 slow bodies get their own small share of the slots and are cut by the body time limits; pages answer throughout", async () => {
    const idle = await settledMemory();
    const specs: HostileSpec[] = Array.from({ length: 100 }, (_, i) =>
      i % 2 === 0
        ? { kind: "slow", path: "/adminLogin", address: nextAddress() }
        : { kind: "slow", path: AUDITION_SUBMIT, address: nextAddress(), declaredBytes: 10 * 1024 * 1024, type: "multipart/form-data; boundary=x" },
    );
    clients = await startHostileClients(server.baseURL, specs);
    // Beyond the share, they are told at once to come back later; the rest hold the share's slots.
    const refusedAtOnce = (states: HostileState[]) => states.filter((c) => c.status === 503).length;
    const first = await waitForClients((states) => refusedAtOnce(states) >= 100 - ANONYMOUS_BODY_SLOTS, `${100 - ANONYMOUS_BODY_SLOTS} refusals`, 10_000);
    expect(refusedAtOnce(first)).toBe(100 - ANONYMOUS_BODY_SLOTS);

    const pages = await pagesMeanwhile(80);
    expect(pages.statuses.every((s) => s === 200)).toBe(true);
    const during = residentMb(server.server.pid);
    console.info(`slow bodies in flight: uncached pages p50 ${percentile(pages.ms, 50).toFixed(1)} ms, p99 ${percentile(pages.ms, 99).toFixed(1)} ms; resident memory ${idle} MB idle, ${during} MB`);
    expect(during).toBeLessThan(idle + 100);

    // The admitted ones are cut by the time limits (a small body within 15 s, any body at 16 KB per 15 s).
    const held = first.flatMap((c, i) => (c.status === 503 ? [] : [i]));
    await waitForClients((states) => held.every((i) => states[i]!.status === 408 || states[i]!.closed), "slow bodies cut", 45_000);
    // And the share is free again: a real sign-in goes through.
    expect(await signInWorks()).toBe(302);
  }, 90_000);

  it("100 huge bodies are refused or cut while being read, memory stays where it was, and pages answer throughout", async () => {
    const idle = await settledMemory();
    let peak = idle;
    const sampler = setInterval(() => (peak = Math.max(peak, residentMb(server.server.pid))), 100);
    try {
      const specs: HostileSpec[] = Array.from({ length: 100 }, (_, i): HostileSpec => {
        const address = nextAddress();
        switch (i % 4) {
          case 0:
            return { kind: "huge", path: "/adminLogin", address, chunked: true };
          case 1:
            return { kind: "huge", path: "/adminLogin", address, chunked: false, type: "MULTIPART/FORM-DATA; boundary=x" };
          case 2:
            return { kind: "huge", path: AUDITION_SUBMIT, address, chunked: true, type: "Multipart/Form-Data; boundary=x", maxBytes: 64 * 1024 * 1024 };
          default:
            // Starts like a real application with a 200 MB video: read on, at the anonymous bodies' rate.
            return { kind: "huge", path: AUDITION_SUBMIT, address, chunked: true, type: "multipart/form-data; boundary=x", maxBytes: 200 * 1024 * 1024, prefix: VIDEO_PART };
        }
      });
      clients = await startHostileClients(server.baseURL, specs);
      // Measured once the burst of connections has been answered (all but the share's slots), while the
      // admitted bodies still flow: 100 connections opening at once on 2 cores is a burst of its own.
      await waitForClients((states) => states.filter((c) => c.status !== null || c.closed).length >= 100 - ANONYMOUS_BODY_SLOTS, "the burst to be answered", 10_000);
      const pages = await pagesMeanwhile(80);
      expect(pages.statuses.every((s) => s === 200)).toBe(true);
      console.info(`huge bodies in flight: uncached pages p50 ${percentile(pages.ms, 50).toFixed(1)} ms, p99 ${percentile(pages.ms, 99).toFixed(1)} ms`);
      // Those beyond the share were refused at once; the others are refused as soon as they show what they are.
      const states = await clients.states();
      for (const client of states) if (client.status !== null) expect([400, 408, 413, 415, 503]).toContain(client.status);
      expect(states.filter((c) => c.status === null && !c.closed).length).toBeLessThanOrEqual(ANONYMOUS_BODY_SLOTS);
    } finally {
      clearInterval(sampler);
    }
    console.info(`huge bodies: resident memory ${idle} MB idle, ${peak} MB at most`);
    expect(peak).toBeLessThan(idle + 100);
    // Once the senders are gone, their slots are free again: a real sign-in goes through.
    await clients?.stop();
    clients = null;
    await pollUntil(async () => (await signInWorks()) === 302, { timeoutMs: 10_000, what: () => "the share to be free again" });
  }, 90_000);
});
