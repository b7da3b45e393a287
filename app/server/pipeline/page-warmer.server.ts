import type { Logger } from "../platform/logger.server";
import type { HotPage } from "./page-cache-store.server";

/**
 * After a change empties the page cache, the pages visitors were reading are rendered again in the
 * background, most recently used first, one at a time, so the next visitor to each gets a cached
 * page instead of waiting for a render (and a burst right after a publish finds them ready). A page a
 * visitor asks for meanwhile is rendered once for both (the renders share the single flight). A change
 * during warming starts over with the new list in front; pages still waiting stay behind it, up to
 * PAGE_CACHE_WARM pages. See docs/decisions/029-uncached-render-speed.md.
 */
export class PageWarmer {
  private queue = new Map<string, string>();
  private running: Promise<void> | null = null;
  /** The page being rendered: a change during its render makes it out of date, so it goes back in line. */
  private current: HotPage | null = null;
  private render: ((page: HotPage) => Promise<void>) | null = null;
  private stopped = false;
  /** Pages rendered, failed (for the metrics and tests). */
  warmed = 0;
  failed = 0;

  constructor(
    private readonly limit: number,
    private readonly logger: Logger,
  ) {}

  /** The app's render-and-store function (set once the request handler exists). */
  setRenderer(render: (page: HotPage) => Promise<void>): void {
    this.render = render;
  }

  /** Called with what a change emptied from the cache, most recently used first. */
  schedule(hot: HotPage[]): void {
    if (this.limit === 0 || this.stopped || !this.render) return;
    const next = new Map<string, string>();
    const waiting = [...this.queue].map(([key, url]) => ({ key, url }));
    for (const page of [...hot, ...(this.current ? [this.current] : []), ...waiting]) {
      if (next.size >= this.limit) break;
      if (!next.has(page.key)) next.set(page.key, page.url);
    }
    this.queue = next;
    this.running ??= this.run().finally(() => (this.running = null));
  }

  private async run(): Promise<void> {
    while (this.queue.size > 0 && !this.stopped && this.render) {
      const [key, url] = this.queue.entries().next().value!;
      this.queue.delete(key);
      this.current = { key, url };
      try {
        await this.render(this.current);
        this.warmed++;
      } catch (error) {
        this.failed++;
        this.logger.warn({ err: error, url }, "rendering a page again after a change failed");
      } finally {
        this.current = null;
      }
      // Requests that came in meanwhile go first.
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  /** Resolves once nothing is waiting or being rendered. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /** Shutdown: drops what is waiting and waits for the render under way. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.queue.clear();
    await this.idle();
  }
}
