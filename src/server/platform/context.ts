import type { PaymentGateway } from '@domain/payments/gateway';
import type { FastifyBaseLogger } from 'fastify';
import type { Actor } from './audit';
import type { Clock } from './clock';
import type { AppConfig } from './config';
import type { DataKeyring } from './data-keys';
import type { Db } from './db';
import type { SessionStore } from './session-store';
import type { StaffPrincipal } from './sessions';

/** What every module needs: the database, configuration, a logger and a way to nudge workers. */
export interface AppContext {
  db: Db;
  /** Searches, lists and reports: the read replica when DATABASE_REPLICA_URL is set, else `db`. */
  readDb: Db;
  dbKind: 'pglite' | 'postgres';
  config: AppConfig;
  log: FastifyBaseLogger;
  /** The time as this app reads it (the real clock unless the app was built with another). */
  clock: Clock;
  /** Signed-in sessions; after a change to a staff account or session commits, forget it here. */
  sessions: SessionStore;
  /** The payment gateway port (built-in by default; tests may put another in its place). */
  gateway: PaymentGateway;
  /** Seals and opens sensitive fields at rest (tax numbers; ADR 022). */
  keyring: DataKeyring;
  /** Ask the outbox worker to run now (a hint; the worker also polls). */
  wakeOutbox(): void;
  wakeJobs(): void;
}

export function actorOf(staff: StaffPrincipal): Actor {
  return {
    id: staff.id,
    email: staff.email,
    name: staff.name,
    authType: staff.authType === 'bearer' ? 'bearer' : 'session',
  };
}
