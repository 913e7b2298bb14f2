import { AsyncLocalStorage } from 'node:async_hooks';

// The embedded database (PGlite) runs one statement at a time, on the process's own thread. Left
// to itself it takes statements in the order they are asked for, so every request in flight
// advances one statement at a time: with ten staff searching, a search of five statements ends
// only after some forty others, and a request that asks at the wrong moments waits seconds (p99
// 2.3 s against p50 0.3 s under 10 connections, ADR 033). Here the statements wait in the order
// of the request that asks for them: the request that came first finishes first, and a request
// that needs no database (a remembered session, a cached answer) never waits at all.

/** The request behind database work: when it started (ms, performance.now()), and whether its caller left. */
export interface RequestTurn {
  startedAt: number;
  gone: boolean;
}

const currentRequest = new AsyncLocalStorage<RequestTurn>();

/** Runs `next` (and everything it starts) as the work of `turn`'s request. */
export function asRequest(turn: RequestTurn, next: () => void): void {
  currentRequest.run(turn, next);
}

/**
 * Stops telling requests apart. Node 20 follows a request's context through async hooks, which
 * once switched on run for every promise and every tick of the process, whatever the request:
 * about 4% of the CPU of a request that never reaches the database (ADR 039). Requests only need
 * telling apart while work waits for the database, so the server switches it off after a quiet
 * spell (`RequestOrderQueue.quietFor`) and `asRequest` switches it on again.
 */
export function stopTellingRequestsApart(): void {
  currentRequest.disable();
}

/** What work of a request whose caller has gone gets instead of running. */
export class CallerGoneError extends Error {
  constructor() {
    super('The caller closed the connection before the database was reached');
    this.name = 'CallerGoneError';
  }
}

interface Waiting {
  order: number;
  seq: number;
  since: number;
  turn: RequestTurn | undefined;
  start: () => void;
  drop: () => void;
}

/** One piece of database work at a time, the oldest request's first. */
export class RequestOrderQueue {
  private readonly waiting: Waiting[] = [];
  private busy = false;
  private seq = 0;
  /** When work last had to wait behind other work (performance.now(), ms). */
  private lastWaitAt = Number.NEGATIVE_INFINITY;

  /** Whether no work has had to wait for `ms` (and none waits now). */
  quietFor(ms: number, now = performance.now()): boolean {
    return this.waiting.length === 0 && now - this.lastWaitAt > ms;
  }

  /** How long the longest-waiting piece of work has waited, ms (0 when none waits). */
  waitMs(now = performance.now()): number {
    let oldest = now;
    for (const w of this.waiting) if (w.since < oldest) oldest = w.since;
    return now - oldest;
  }

  get length(): number {
    return this.waiting.length;
  }

  run<T>(work: () => Promise<T>): Promise<T> {
    const now = performance.now();
    const turn = currentRequest.getStore();
    const order = turn?.startedAt ?? now;
    return new Promise<T>((resolve, reject) => {
      const start = () => {
        let result: Promise<T>;
        try {
          result = work();
        } catch (err) {
          result = Promise.reject(err);
        }
        result.then(resolve, reject).finally(() => this.afterWork());
      };
      if (!this.busy) {
        this.busy = true;
        start();
      } else {
        this.lastWaitAt = now;
        this.waiting.push({
          order,
          seq: this.seq++,
          since: now,
          turn,
          start,
          drop: () => reject(new CallerGoneError()),
        });
      }
    });
  }

  /**
   * The embedded database runs on this thread, and its work follows on from promise to promise:
   * left to itself, the queue would run until empty without the process once reading its
   * sockets. Requests that arrived meanwhile would not be read, nor timed, nor refused, and they
   * all came in at once when it emptied, some after seconds (order search at 50 connections:
   * p99 1.3 s against p50 0.1 s). So the event loop runs between two pieces of work: the requests
   * that came meanwhile take their place in the order, and p99 stays within 1.6× p50 (ADR 035),
   * for a few per cent of throughput.
   */
  private afterWork() {
    setImmediate(() => this.next());
  }

  private next() {
    // Work of a request whose caller has gone is not run: nobody would read its answer, and it
    // would hold up everyone behind it.
    for (let i = this.waiting.length - 1; i >= 0; i--) {
      if (this.waiting[i]!.turn?.gone) this.waiting.splice(i, 1)[0]!.drop();
    }
    if (this.waiting.length === 0) {
      this.busy = false;
      return;
    }
    let best = 0;
    for (let i = 1; i < this.waiting.length; i++) {
      const w = this.waiting[i]!;
      const b = this.waiting[best]!;
      if (w.order < b.order || (w.order === b.order && w.seq < b.seq)) best = i;
    }
    const [chosen] = this.waiting.splice(best, 1);
    chosen!.start();
  }
}

/** Past this wait for the embedded database, a new request is answered 503 at once (ADR 033). */
export const MAX_QUEUE_WAIT_MS = 2_000;
export const BUSY_RETRY_AFTER_SECONDS = 2;
export const BUSY_MESSAGE = 'The server is busy right now. Please try again in a moment.';
