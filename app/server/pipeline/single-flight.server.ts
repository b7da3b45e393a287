/** Either this caller does the work and hands on its result, or it waits for the one already doing it. */
export type Flight<T> = { leader: true; finish(result: T | null): void } | { leader: false; result: Promise<T | null> };

/**
 * One piece of work per key at a time: the first caller leads, later ones wait for its result. The
 * leader's `finish` may be called more than once (with what it made, then again in a `finally`); the
 * first call counts and ends the flight.
 */
export class SingleFlight<T> {
  private readonly flights = new Map<string, Promise<T | null>>();

  claim(key: string): Flight<T> {
    const running = this.flights.get(key);
    if (running) return { leader: false, result: running };
    let resolve!: (result: T | null) => void;
    const promise = new Promise<T | null>((r) => (resolve = r));
    this.flights.set(key, promise);
    let finished = false;
    return {
      leader: true,
      finish: (result) => {
        if (finished) return;
        finished = true;
        this.flights.delete(key);
        resolve(result);
      },
    };
  }

  has(key: string): boolean {
    return this.flights.has(key);
  }
}
