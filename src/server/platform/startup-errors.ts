import { ConfigError } from './config';
import { DataDirLockedError } from './data-dir-lock';
import { DataKeyError } from './data-keys';
import { DatabaseUnavailableError } from './db';

/** What to print when a start fails: a refusal an operator can act on is its own lines; anything else keeps its stack. */
export function startupFailure(err: unknown): unknown {
  return err instanceof ConfigError ||
    err instanceof DataDirLockedError ||
    err instanceof DatabaseUnavailableError ||
    err instanceof DataKeyError
    ? err.message
    : err;
}
