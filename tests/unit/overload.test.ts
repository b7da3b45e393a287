import { describe, expect, it } from "vitest";
import { watchEventLoop } from "../../app/server/http/overload.server";

const busy = (ms: number) => {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    // work that keeps the loop from its timers
  }
};
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("event loop watch", () => {
  it("measures how far the loop is behind while it is kept busy", async () => {
    const watch = watchEventLoop(10);
    try {
      await pause(60);
      expect(watch.delay()).toBeLessThan(40);
      busy(250);
      expect(watch.delay()).toBeGreaterThan(200);
      await pause(60);
      expect(watch.delay()).toBeLessThan(40);
    } finally {
      watch.stop();
    }
  });

  it("one long task is not saturation; a loop kept behind by arriving requests is", async () => {
    // CPU time as the wall clock: the busy loops below count as the process's own work even when the
    // test machine is shared (the CPU guard itself is the next test's subject).
    const watch = watchEventLoop(10, 4, { cpuMs: () => performance.now() });
    try {
      await pause(60);
      watch.noteRequest();
      busy(250);
      watch.noteRequest();
      expect(watch.saturated(100)).toBe(false);
      await pause(60);
      // A flood: request after request, each one work on the loop.
      let refused = 0;
      for (let i = 0; i < 20; i++) {
        watch.noteRequest();
        if (watch.saturated(100)) refused++;
        else busy(20);
      }
      expect(refused).toBeGreaterThan(10);
      await pause(60);
      watch.noteRequest();
      expect(watch.saturated(100)).toBe(false);
    } finally {
      watch.stop();
    }
  });

  it("waiting without using the CPU is not saturation", async () => {
    const watch = watchEventLoop(10);
    try {
      await pause(60);
      for (let i = 0; i < 8; i++) watch.noteRequest();
      // Blocked on something that is not CPU work (the machine busy elsewhere): Atomics.wait sleeps.
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 250);
      expect(watch.delay()).toBeGreaterThan(200);
      expect(watch.saturated(100)).toBe(false);
    } finally {
      watch.stop();
    }
  });
});
