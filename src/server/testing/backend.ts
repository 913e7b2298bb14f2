/** Which database the API tests run on: PGlite, or PostgreSQL when TEST_DB_BACKEND=postgres. */
export function backend(): 'pglite' | 'postgres' {
  return process.env.TEST_DB_BACKEND === 'postgres' ? 'postgres' : 'pglite';
}

/** TEST_DATABASE_URL with its database name replaced. */
export function postgresUrl(database?: string): string {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DB_BACKEND=postgres needs TEST_DATABASE_URL');
  if (!database) return base;
  const url = new URL(base);
  url.pathname = `/${database}`;
  return url.toString();
}
