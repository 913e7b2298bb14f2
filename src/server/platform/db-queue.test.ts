import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { asRequest, CallerGoneError, RequestOrderQueue } from './db-queue';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('the embedded database queue', () => {
  it('runs one piece of work at a time, the oldest request first, and each request in its own order', async () => {
    await fc.assert(
      fc.asyncProperty(
        // Requests (by their start time) each asking for a few statements, in any interleaving.
        fc.array(fc.tuple(fc.integer({ min: 0, max: 5 }), fc.integer({ min: 1, max: 3 })), {
          minLength: 1,
          maxLength: 12,
        }),
        async (asks) => {
          const queue = new RequestOrderQueue();
          let running = 0;
          let most = 0;
          const ran: { request: number; n: number }[] = [];
          // Hold the queue so everything below waits, then ask in the generated order.
          let release!: () => void;
          const holder = queue.run(() => new Promise<void>((r) => (release = r)));
          const done: Promise<void>[] = [];
          asks.forEach(([request, count], i) => {
            for (let n = 0; n < count; n++) {
              asRequest({ startedAt: request, gone: false }, () => {
                done.push(
                  queue.run(async () => {
                    running++;
                    most = Math.max(most, running);
                    ran.push({ request, n: i * 10 + n });
                    await tick();
                    running--;
                  }),
                );
              });
            }
          });
          release();
          await holder;
          await Promise.all(done);
          expect(most).toBe(1);
          // Oldest request first; within one request (and between equal starts), in asking order.
          for (let i = 1; i < ran.length; i++) {
            const a = ran[i - 1]!;
            const b = ran[i]!;
            expect(a.request < b.request || (a.request === b.request && a.n < b.n)).toBe(true);
          }
          expect(queue.length).toBe(0);
        },
      ),
      { numRuns: 50 },
    );
  });

  it('drops the waiting work of a request whose caller has gone, and runs the rest', async () => {
    const queue = new RequestOrderQueue();
    let release!: () => void;
    const holder = queue.run(() => new Promise<void>((r) => (release = r)));
    const left = { startedAt: 1, gone: false };
    const stayed = { startedAt: 2, gone: false };
    let ranLeft = false;
    let dropped: Promise<void> | undefined;
    let kept: Promise<string> | undefined;
    asRequest(left, () => {
      dropped = queue.run(async () => {
        ranLeft = true;
      });
    });
    asRequest(stayed, () => {
      kept = queue.run(async () => 'served');
    });
    left.gone = true;
    release();
    await holder;
    await expect(dropped).rejects.toBeInstanceOf(CallerGoneError);
    await expect(kept).resolves.toBe('served');
    expect(ranLeft).toBe(false);
  });

  it('a failed piece of work fails its caller and lets the next one run', async () => {
    const queue = new RequestOrderQueue();
    const failed = queue.run(async () => {
      throw new Error('boom');
    });
    const thrown = queue.run(() => {
      throw new Error('sync boom');
    });
    const next = queue.run(async () => 42);
    await expect(failed).rejects.toThrow('boom');
    await expect(thrown).rejects.toThrow('sync boom');
    await expect(next).resolves.toBe(42);
  });

  it('says how long the longest-waiting work has waited', async () => {
    const queue = new RequestOrderQueue();
    expect(queue.waitMs()).toBe(0);
    let release!: () => void;
    const holder = queue.run(() => new Promise<void>((r) => (release = r)));
    expect(queue.waitMs()).toBe(0);
    const waiting = queue.run(async () => 1);
    const now = performance.now();
    expect(queue.waitMs(now + 500)).toBeGreaterThanOrEqual(500);
    release();
    await holder;
    await waiting;
    expect(queue.waitMs()).toBe(0);
  });

  it('lets the event loop run between two pieces of work, so that requests arriving meanwhile are read', async () => {
    const queue = new RequestOrderQueue();
    const events: string[] = [];
    // Work that never waits for I/O: left to itself the queue would run it all in one go.
    const works = [1, 2, 3, 4].map((n) =>
      queue.run(async () => {
        events.push(`work ${n}`);
      }),
    );
    // A socket that became readable meanwhile: its callback is due at the next turn of the loop.
    setImmediate(() => events.push('socket read'));
    await Promise.all(works);
    expect(events.indexOf('socket read')).toBeGreaterThan(0);
    expect(events.indexOf('socket read')).toBeLessThan(events.indexOf('work 4'));
  });

  it('is quiet until work has to wait, and again once none has waited for the given time', async () => {
    const queue = new RequestOrderQueue();
    expect(queue.quietFor(1_000)).toBe(true);
    // Work that runs at once, with nothing ahead of it, leaves the queue quiet.
    await queue.run(async () => 1);
    // The queue hands over to the next piece of work on the loop's next turn.
    await tick();
    await tick();
    expect(queue.quietFor(1_000)).toBe(true);
    let release!: () => void;
    const holder = queue.run(() => new Promise<void>((r) => (release = r)));
    const waiting = queue.run(async () => 2);
    const waitedAt = performance.now();
    expect(queue.quietFor(0)).toBe(false);
    release();
    await Promise.all([holder, waiting]);
    expect(queue.quietFor(1_000, waitedAt + 500)).toBe(false);
    expect(queue.quietFor(1_000, waitedAt + 1_500)).toBe(true);
  });

  it('orders the work of requests told apart, and runs work asked for outside any request by when it was asked', async () => {
    const queue = new RequestOrderQueue();
    const ran: string[] = [];
    let release!: () => void;
    const holder = queue.run(() => new Promise<void>((r) => (release = r)));
    const done = [
      queue.run(async () => void ran.push('no request, asked first')),
      new Promise<void>((resolve) =>
        asRequest({ startedAt: 0, gone: false }, () => {
          queue.run(async () => void ran.push('request started at 0')).then(resolve);
        }),
      ),
    ];
    release();
    await holder;
    await Promise.all(done);
    expect(ran).toEqual(['request started at 0', 'no request, asked first']);
  });
});
