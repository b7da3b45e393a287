/**
 * How late the event loop is running, right now. A timer records each tick; while a burst of work keeps
 * the loop from reaching it, the time since its last tick grows, so the delay is known during the burst
 * (a delay measured only when the timer finally fires would come too late to shed that burst).
 *
 * With the embedded PGlite database, queries run on the event loop itself: a flood of uncached requests
 * never raises the number of requests in flight, it only makes every one of them wait. This measure
 * catches that case; the in-flight count catches slow I/O.
 */
export interface EventLoopDelay {
  /** Milliseconds the loop is behind its timer (0 when idle). */
  current(): number;
  stop(): void;
}

export function watchEventLoopDelay(intervalMs = 20): EventLoopDelay {
  let lastTick = performance.now();
  const timer = setInterval(() => {
    lastTick = performance.now();
  }, intervalMs);
  timer.unref();
  return {
    current: () => Math.max(0, performance.now() - lastTick - intervalMs),
    stop: () => clearInterval(timer),
  };
}
