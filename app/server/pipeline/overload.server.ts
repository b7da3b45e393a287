/**
 * Is the server's event loop saturated by its own work, right now?
 *
 * A timer ticks every `intervalMs`. While a burst of work keeps the loop from reaching it, the time since
 * its last tick grows, so the delay is known during the burst (a delay measured only when the timer
 * finally fires comes too late to shed that burst). Two guards keep ordinary hiccups from refusing
 * visitors:
 * - requests must be what keeps the loop busy: at least `minRequests` arrived since the last tick. A
 *   single long task (the first render of a route after start, a garbage collection) is not overload;
 * - the process must have been using the CPU for most of the gap: a process the machine did not schedule
 *   is not overloaded by its requests.
 *
 * A flood of requests whose work is on the event loop itself (rendering) never raises the number of
 * requests in flight as much as it makes every one of them wait. This measure catches that case; the
 * in-flight count catches slow I/O.
 */
export interface EventLoopWatch {
  /** Milliseconds the loop is behind its timer now (0 when idle). */
  delay(): number;
  /** Counts a request that arrived (call once per request, before `saturated`). */
  noteRequest(): void;
  /** Behind by more than `thresholdMs`, with requests arriving and the CPU busy: shed new work. */
  saturated(thresholdMs: number): boolean;
  stop(): void;
}

const processCpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/**
 * `cpuMs` is the process's CPU time (injectable: tests of the flood logic stand in the wall clock, as if
 * the machine gave the process the whole of a core, which a busy test machine does not).
 */
export function watchEventLoop(intervalMs = 20, minRequests = 4, options: { cpuMs?: () => number } = {}): EventLoopWatch {
  const cpuMs = options.cpuMs ?? processCpuMs;
  let lastTick = performance.now();
  let lastCpu = cpuMs();
  let requestsSinceTick = 0;
  const timer = setInterval(() => {
    lastTick = performance.now();
    lastCpu = cpuMs();
    requestsSinceTick = 0;
  }, intervalMs);
  timer.unref();
  const delay = () => Math.max(0, performance.now() - lastTick - intervalMs);
  return {
    delay,
    noteRequest() {
      requestsSinceTick++;
    },
    saturated(thresholdMs) {
      const behind = delay();
      if (behind <= thresholdMs || requestsSinceTick < minRequests) return false;
      return cpuMs() - lastCpu >= 0.5 * behind;
    },
    stop: () => clearInterval(timer),
  };
}
