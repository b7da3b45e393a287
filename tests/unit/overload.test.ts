import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { watchEventLoop } from "../../app/server/pipeline/overload.server";

describe("event loop watch", () => {
  describe("on a clock the test moves", () => {
    // The watch reads performance.now() and ticks with setInterval: both are the test's, so "the loop was
    // kept busy for 250 ms" is exact and does not depend on how loaded the test machine is.
    let now = 0;
    beforeEach(() => {
      now = 1_000;
      vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
      vi.spyOn(performance, "now").mockImplementation(() => now);
    });
    afterEach(() => {
      vi.useRealTimers();
      vi.restoreAllMocks();
    });
    /** Time goes by with the loop free: its timer ticks on time. */
    const idle = (ms: number) => {
      for (let i = 0; i < ms; i++) {
        now += 1;
        vi.advanceTimersByTime(1);
      }
    };
    /** Work that keeps the loop from its timers: time goes by and no timer fires. */
    const busy = (ms: number) => {
      now += ms;
    };

    it("measures how far the loop is behind while it is kept busy", () => {
      const watch = watchEventLoop(10);
      try {
        idle(60);
        expect(watch.delay()).toBeLessThan(40);
        busy(250);
        expect(watch.delay()).toBeGreaterThan(200);
        idle(60);
        expect(watch.delay()).toBeLessThan(40);
      } finally {
        watch.stop();
      }
    });

    it("one long task is not saturation; a loop kept behind by arriving requests is", () => {
      // CPU time as the wall clock: the busy work below is the process's own (the CPU guard itself is the
      // next test's subject).
      const watch = watchEventLoop(10, 4, { cpuMs: () => performance.now() });
      try {
        idle(60);
        watch.noteRequest();
        busy(250);
        watch.noteRequest();
        expect(watch.saturated(100)).toBe(false);
        idle(60);
        // A flood: request after request, each one work on the loop.
        let refused = 0;
        for (let i = 0; i < 20; i++) {
          watch.noteRequest();
          if (watch.saturated(100)) refused++;
          else busy(20);
        }
        expect(refused).toBeGreaterThan(10);
        idle(60);
        watch.noteRequest();
        expect(watch.saturated(100)).toBe(false);
      } finally {
        watch.stop();
      }
    });
  });

  it("waiting without using the CPU is not saturation", () => {
    // The real clock and the process's real CPU time: the watch starts counting when it is made.
    const watch = watchEventLoop(10);
    try {
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
