import { describe, expect, it } from "vitest";
import { watchEventLoopDelay } from "../../app/server/overload.server";

describe("event loop delay", () => {
  it("is about zero while the loop is free, and grows during a burst of synchronous work", async () => {
    const delay = watchEventLoopDelay(10);
    try {
      await new Promise((r) => setTimeout(r, 60));
      expect(delay.current()).toBeLessThan(40);
      const end = performance.now() + 250;
      while (performance.now() < end) {
        // a burst of work that keeps the loop from its timers
      }
      expect(delay.current()).toBeGreaterThan(200);
      await new Promise((r) => setTimeout(r, 60));
      expect(delay.current()).toBeLessThan(40);
    } finally {
      delay.stop();
    }
  });
});
