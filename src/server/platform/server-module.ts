import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from './context';
import type { GraphqlModule } from './graphql';
import type { JobHandler } from './jobs';
import type { EventHandler } from './outbox';
import type { WorkerSpec } from './workers';

/**
 * What a server module (src/server/modules/<area>) brings to the app, in one place: app.ts loops
 * over one list of these to register the routes (in the list's order), assemble the commerce
 * query service's schema, fill the job handler table and start the workers. Nothing registers
 * itself by being imported.
 */
export interface ServerModule {
  /** The module's folder under src/server/modules (a test module names itself). */
  name: string;
  /**
   * Its routes. `modules` is the app's whole list, for an endpoint the other modules extend
   * (the commerce query service takes their `graphql`).
   */
  routes?: (ctx: AppContext, modules: readonly ServerModule[]) => FastifyPluginAsyncZod;
  /** Types and resolvers it adds to POST /api/query (spec 2 §7). */
  graphql?: GraphqlModule;
  /** Its background job kinds: job type → handler (claimed by any process's job worker). */
  jobs?: Readonly<Record<string, JobHandler>>;
  /** Handlers of the outbound events it sends through the outbox, by template. */
  events?: Readonly<Record<string, EventHandler>>;
  /** Its own polling workers, started in a process that runs workers. */
  workers?: (ctx: AppContext) => WorkerSpec[];
}

/** The job handler table of these modules; a job type claimed by two modules is a mistake. */
export function jobHandlersOf(modules: readonly ServerModule[]): Readonly<Record<string, JobHandler>> {
  const table: Record<string, JobHandler> = {};
  for (const m of modules) {
    for (const [type, handler] of Object.entries(m.jobs ?? {})) {
      if (table[type]) throw new Error(`Job type ${type} is claimed twice (module ${m.name})`);
      table[type] = handler;
    }
  }
  return table;
}

/** The outbound event handlers of these modules; a template claimed by two modules is a mistake. */
export function eventHandlersOf(modules: readonly ServerModule[]): Readonly<Record<string, EventHandler>> {
  const table: Record<string, EventHandler> = {};
  for (const m of modules) {
    for (const [template, handler] of Object.entries(m.events ?? {})) {
      if (table[template]) throw new Error(`Event ${template} is handled twice (module ${m.name})`);
      table[template] = handler;
    }
  }
  return table;
}
