/**
 * `npm run bench:hostile-bodies`: what visitors' uncached pages cost while 100 anonymous clients try to
 * exhaust the server with request bodies (decision 036): first none (the baseline), then 100 slow bodies (a
 * byte a second, to the sign-in form and the audition form), then 100 huge ones (600 MB declared or
 * chunked; 200 MB "videos" to the audition form, which are read on at the anonymous bodies' shared
 * rate). The clients run in a process of their own. Prints p50/p99/max of BENCH_PAGES page loads (one
 * after another) and the server's resident memory, on the embedded default and (with TEST_DATABASE_URL) a PostgreSQL server.
 */
import { pollUntil } from "../../tests/setup/app-server";
import { percentile, residentMb, startHostileClients, timePages, type HostileSpec, type HostileState } from "../../tests/setup/hostile-bodies";
import { ANONYMOUS_BODY_SLOTS } from "../../app/server/pipeline/request-limits.server";
import { postgresServerUrl, startBenchServer } from "./server";

const PAGES = ["/company", "/artist", "/news", "/audition", "/privacy", "/en/company", "/pr", "/notice"];
const COUNT = Number(process.env.BENCH_PAGES ?? 400);
const VIDEO_PART = '--x\r\nContent-Disposition: form-data; name="videoFile"; filename="v.mp4"\r\nContent-Type: video/mp4\r\n\r\n';

let address = 0;
const nextAddress = () => `203.0.${Math.floor(address / 250) % 250}.${(address++ % 250) + 1}`;

const slow = (): HostileSpec[] =>
  Array.from({ length: 100 }, (_, i) =>
    i % 2 === 0
      ? { kind: "slow", path: "/adminLogin", address: nextAddress() }
      : { kind: "slow", path: "/audition/apply/submit", address: nextAddress(), declaredBytes: 10 * 1024 * 1024, type: "multipart/form-data; boundary=x" },
  );
const huge = (): HostileSpec[] =>
  Array.from({ length: 100 }, (_, i): HostileSpec => {
    const a = nextAddress();
    switch (i % 4) {
      case 0:
        return { kind: "huge", path: "/adminLogin", address: a, chunked: true };
      case 1:
        return { kind: "huge", path: "/adminLogin", address: a, chunked: false, type: "MULTIPART/FORM-DATA; boundary=x" };
      case 2:
        return { kind: "huge", path: "/audition/apply/submit", address: a, chunked: true, type: "Multipart/Form-Data; boundary=x", maxBytes: 64 * 1024 * 1024 };
      default:
        return { kind: "huge", path: "/audition/apply/submit", address: a, chunked: true, type: "multipart/form-data; boundary=x", maxBytes: 200 * 1024 * 1024, prefix: VIDEO_PART };
    }
  });

const line = (label: string, ms: number[], statuses: number[], memory: string) =>
  console.log(
    `${label.padEnd(28)} p50 ${percentile(ms, 50).toFixed(1).padStart(6)} ms  p99 ${percentile(ms, 99).toFixed(1).padStart(6)} ms  max ${Math.max(...ms).toFixed(0).padStart(5)} ms  ` +
      `non-200: ${statuses.filter((s) => s !== 200).length}  ${memory}`,
  );

for (const engine of postgresServerUrl() ? (["embedded", "postgres"] as const) : (["embedded"] as const)) {
  const server = await startBenchServer(engine, { PAGE_CACHE: "false", PAGE_CACHE_WARM: "0", MAX_EVENT_LOOP_DELAY_MS: "60000" }, { prepared: true });
  const pages = () => timePages(server.baseURL, Array.from({ length: COUNT }, (_, i) => `${PAGES[i % PAGES.length]}?v=${i}`));
  try {
    console.log(`\n${engine}: ${COUNT} uncached page loads, one after another`);
    await pages();
    const base = await pages();
    const idle = residentMb(server.pid);
    line("no hostile clients", base.ms, base.statuses, `RSS ${idle} MB`);
    for (const [label, specs] of [
      ["100 slow bodies", slow()],
      ["100 huge bodies", huge()],
    ] as const) {
      let peak = residentMb(server.pid);
      const sampler = setInterval(() => (peak = Math.max(peak, residentMb(server.pid))), 100);
      const clients = await startHostileClients(server.baseURL, [...specs]);
      // Measured once the connections' burst has been answered: all but the share's slots.
      const answered = (states: HostileState[]) => states.filter((c) => c.status !== null || c.closed).length;
      await pollUntil(async () => answered(await clients.states()) >= 100 - ANONYMOUS_BODY_SLOTS, { timeoutMs: 15_000, what: () => `${label}: the burst to be answered` });
      const during = await pages();
      const stillSending = (await clients.states()).filter((c) => c.status === null && !c.closed).length;
      clearInterval(sampler);
      await clients.stop();
      line(`${label} (${stillSending} in flight)`, during.ms, during.statuses, `RSS ${residentMb(server.pid)} MB now, ${peak} MB at most (idle ${idle} MB)`);
    }
  } finally {
    await server.stop();
  }
}
