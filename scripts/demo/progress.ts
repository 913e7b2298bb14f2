import { Presets, SingleBar } from 'cli-progress';

/**
 * Progress of a demo load: a bar on a terminal, a line every few seconds to a log that is not
 * one (a service's journal, `docker logs`), nothing when progress is off (tests).
 */
export interface Progress {
  update(accounts: number, rows: number): void;
  stop(): void;
}

const LOG_EVERY_MS = 5_000;

export function makeProgress(
  enabled: boolean,
  total: number,
  log: (message: string) => void = (m) => console.error(m),
): Progress {
  if (!enabled) return { update() {}, stop() {} };
  if (!process.stderr.isTTY) {
    const started = Date.now();
    let last = started;
    return {
      update(accounts, rows) {
        const now = Date.now();
        if (now - last < LOG_EVERY_MS && accounts < total) return;
        last = now;
        const pct = total > 0 ? Math.floor((accounts / total) * 100) : 100;
        log(
          `Seeding demo: ${accounts.toLocaleString('en-US')}/${total.toLocaleString('en-US')} accounts (${pct}%), ${rows.toLocaleString('en-US')} rows, ${Math.round((now - started) / 1000)} s`,
        );
      },
      stop() {},
    };
  }
  const bar = new SingleBar(
    {
      format:
        'Seeding demo |{bar}| {percentage}% | {value}/{total} accounts | {rows} rows | {duration_formatted} (ETA {eta_formatted})',
      stream: process.stderr,
      hideCursor: true,
      etaBuffer: 20,
    },
    Presets.shades_classic,
  );
  bar.start(total, 0, { rows: 0 });
  return {
    update: (accounts, rows) => bar.update(accounts, { rows: rows.toLocaleString('en-US') }),
    stop: () => bar.stop(),
  };
}
