import { describe, expect, it } from "vitest";
import { PageWarmer } from "../../app/server/pipeline/page-warmer.server";
import { createLogger } from "../../app/server/platform/logger.server";

const page = (key: string) => ({ key, url: `http://localhost${key}` });

describe("page warmer (pages rendered again after a change)", () => {
  it("renders the pages most recently read first, one at a time, up to its limit", async () => {
    const warmer = new PageWarmer(3, createLogger("silent"));
    const rendered: string[] = [];
    let running = 0;
    let most = 0;
    warmer.setRenderer(async ({ key }) => {
      most = Math.max(most, ++running);
      await Promise.resolve();
      rendered.push(key);
      running--;
    });
    warmer.schedule([page("/"), page("/news"), page("/company"), page("/audition")]);
    await warmer.idle();
    expect(rendered).toEqual(["/", "/news", "/company"]);
    expect(most).toBe(1);
    expect(warmer.warmed).toBe(3);
  });

  it("a new change puts its pages first and keeps the ones still waiting behind them", async () => {
    const warmer = new PageWarmer(10, createLogger("silent"));
    const rendered: string[] = [];
    let release!: () => void;
    const firstHeld = new Promise<void>((resolve) => (release = resolve));
    warmer.setRenderer(async ({ key }) => {
      if (key === "/") await firstHeld;
      rendered.push(key);
    });
    warmer.schedule([page("/"), page("/news"), page("/notice")]);
    // "/" is being rendered; a second change comes with its own list.
    warmer.schedule([page("/company"), page("/news")]);
    release();
    await warmer.idle();
    // "/" was being rendered when the change came: out of date, so it is rendered again after the new list.
    expect(rendered).toEqual(["/", "/company", "/news", "/", "/notice"]);
  });

  it("a failing render is counted and logged, and the others still happen; stop drops what waits", async () => {
    const warmer = new PageWarmer(10, createLogger("silent"));
    const rendered: string[] = [];
    warmer.setRenderer(async ({ key }) => {
      if (key === "/broken") throw new Error("render failed");
      rendered.push(key);
    });
    warmer.schedule([page("/broken"), page("/news")]);
    await warmer.idle();
    expect(rendered).toEqual(["/news"]);
    expect(warmer.failed).toBe(1);
    await warmer.stop();
    warmer.schedule([page("/company")]);
    await warmer.idle();
    expect(rendered).toEqual(["/news"]);
  });

  it("does nothing with a limit of 0 (PAGE_CACHE_WARM=0 or no page cache)", async () => {
    const warmer = new PageWarmer(0, createLogger("silent"));
    let renders = 0;
    warmer.setRenderer(async () => void renders++);
    warmer.schedule([page("/")]);
    await warmer.idle();
    expect(renders).toBe(0);
  });
});
