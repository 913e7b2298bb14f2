import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lockfile from 'proper-lockfile';

// One writer per embedded data folder. PGlite has no server to arbitrate between processes: two
// of them on one folder each keep their own copy of the pages and the last to write wins, losing
// acknowledged writes. Every process that opens the folder (server, db:seed, db:reset,
// db:migrate) holds this lock for as long as it has the folder open.
//
// The lock is proper-lockfile's directory lock (`<dir>/.lock`, its mtime refreshed every few
// seconds; a lock not refreshed for STALE_MS is stale). Beside it, `.lock-owner` names the
// holder, so the process refused can say who holds the folder. A holder killed with SIGKILL stops
// refreshing: its lock is taken over once stale, or at once when the owner file names a process
// of this host that no longer exists.

const STALE_MS = 10_000;
const LOCK_NAME = '.lock';
const OWNER_NAME = '.lock-owner';

export interface LockOwner {
  pid: number;
  host: string;
  command: string;
  since: string;
}

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly owner: LockOwner | null,
  ) {
    super(
      owner
        ? `The data folder ${dataDir} is in use by process ${owner.pid} on ${owner.host} (${owner.command}, since ${owner.since}). Stop it first: two processes on one embedded database lose data.`
        : `The data folder ${dataDir} is in use by another process. Stop it first: two processes on one embedded database lose data.`,
    );
    this.name = 'DataDirLockedError';
  }
}

function readOwner(dataDir: string): LockOwner | null {
  try {
    return JSON.parse(readFileSync(path.join(dataDir, OWNER_NAME), 'utf8')) as LockOwner;
  } catch {
    return null;
  }
}

function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The holder is a process of this host that is gone: its lock can be taken at once. */
function ownerIsGone(owner: LockOwner | null): boolean {
  return (
    owner !== null && owner.host === os.hostname() && owner.pid !== process.pid && !processExists(owner.pid)
  );
}

/**
 * Takes the folder's lock or throws DataDirLockedError at once. Resolves to the release function.
 * `onCompromised` is called if the lock is lost while held (its directory removed or not
 * refreshed in time): the caller must stop writing.
 */
export async function lockDataDir(
  dataDir: string,
  onCompromised: (err: Error) => void = (err) => {
    console.error(`Lost the lock on ${dataDir}: ${err.message}. Exiting to protect the data.`);
    process.exit(1);
  },
): Promise<() => Promise<void>> {
  mkdirSync(dataDir, { recursive: true });
  const options = {
    lockfilePath: path.join(dataDir, LOCK_NAME),
    stale: STALE_MS,
    retries: 0,
    realpath: false,
    onCompromised,
  };
  let release: () => Promise<void>;
  try {
    release = await lockfile.lock(dataDir, options);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ELOCKED') throw err;
    const owner = readOwner(dataDir);
    // A holder killed a moment ago: its lock is still fresh, but nothing will refresh it.
    if (!ownerIsGone(owner)) throw new DataDirLockedError(dataDir, owner);
    rmSync(path.join(dataDir, LOCK_NAME), { recursive: true, force: true });
    try {
      release = await lockfile.lock(dataDir, options);
    } catch (again) {
      if ((again as NodeJS.ErrnoException).code === 'ELOCKED')
        throw new DataDirLockedError(dataDir, readOwner(dataDir));
      throw again;
    }
  }
  const owner: LockOwner = {
    pid: process.pid,
    host: os.hostname(),
    command: path.basename(process.argv[1] ?? process.argv0),
    since: new Date().toISOString(),
  };
  writeFileSync(path.join(dataDir, OWNER_NAME), JSON.stringify(owner));
  return async () => {
    rmSync(path.join(dataDir, OWNER_NAME), { force: true });
    await release().catch(() => {});
  };
}
