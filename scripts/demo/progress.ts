import { Presets, SingleBar } from 'cli-progress';

/** A progress bar on stderr, or nothing when progress is off (tests, CI logs). */
export interface Progress {
  update(accounts: number, rows: number): void;
  stop(): void;
}

export function makeProgress(enabled: boolean, total: number): Progress {
  if (!enabled) return { update() {}, stop() {} };
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
