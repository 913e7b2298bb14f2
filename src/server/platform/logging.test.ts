import { DrizzleQueryError } from 'drizzle-orm/errors';
import fc from 'fast-check';
import type { FastifyRequest } from 'fastify';
import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  AccessLog,
  LOG_BATCH_MAX_CHARS,
  LOG_BATCH_MS,
  LogBatch,
  loggerOptions,
  safePath,
  scrubMessage,
  serializeError,
  serializeRequest,
} from './logging';

/** A PostgreSQL error as pg and PGlite raise it: the values are in message, detail and where. */
function pgError(message: string, fields: Record<string, unknown>) {
  return Object.assign(new Error(message), { severity: 'ERROR', ...fields });
}

describe('serializeError', () => {
  it('keeps type, code, names and stack frames, and drops parameters, detail and quoted values', () => {
    const cause = pgError('duplicate key value violates unique constraint "staff_users_email_unique"', {
      code: '23505',
      detail: 'Key (email)=(ana.secret@example.com) already exists.',
      where: 'SQL function "x" statement 1',
      schema: 'public',
      table: 'staff_users',
      constraint: 'staff_users_email_unique',
    });
    const error = new DrizzleQueryError(
      'insert into "staff_users" ("email", "password_hash") values ($1, $2)',
      ['ana.secret@example.com', 'Card-Token-4111'],
      cause,
    );
    const out = serializeError(error);
    const text = JSON.stringify(out);
    expect(out).toMatchObject({
      type: 'DrizzleQueryError',
      message: 'Database query failed',
      query: 'insert into "staff_users" ("email", "password_hash") values ($1, $2)',
      cause: {
        type: 'DatabaseError',
        code: '23505',
        message: 'duplicate key value violates unique constraint "staff_users_email_unique"',
        table: 'staff_users',
        constraint: 'staff_users_email_unique',
      },
    });
    expect(out.stack).toMatch(/^\s+at /);
    for (const secret of ['ana.secret', 'Card-Token-4111', 'params', 'Failed query', 'detail', 'where']) {
      expect(text).not.toContain(secret);
    }
  });

  it('masks the values PostgreSQL quotes in its messages', () => {
    const out = serializeError(
      pgError('invalid input syntax for type uuid: "123-45-6789"', {
        code: '22P02',
        routine: 'string_to_uuid',
      }),
    );
    expect(out.message).toBe('invalid input syntax for type uuid: "[redacted]"');
    expect(out.routine).toBe('string_to_uuid');
    expect(JSON.stringify(out)).not.toContain('123-45-6789');
    expect(scrubMessage('value "99999999999" is out of range for type integer')).toBe(
      'value "[redacted]" is out of range for type integer',
    );
    expect(scrubMessage('column "email" of relation "staff_users" does not exist')).toBe(
      'column "email" of relation "staff_users" does not exist',
    );
    expect(scrubMessage("Cannot read properties of undefined (reading 'secret')")).toBe(
      "Cannot read properties of undefined (reading '[redacted]')",
    );
  });

  it('takes plain strings, and is idempotent', () => {
    const out = serializeError('Failed query: select $1\nparams: hunter2');
    expect(out.message).toBe('Database query failed');
    expect(serializeError(out)).toBe(out);
  });
});

describe('safePath', () => {
  it('drops the query string and masks token-like segments', () => {
    expect(safePath('/api/outbox?q=secret')).toBe('/api/outbox');
    expect(safePath('/api/accounts/resetPassword/kq3J9x_Zl2VbW0aPq8s1dA')).toBe(
      '/api/accounts/resetPassword/:redacted',
    );
    expect(safePath('/assets/index-BxY12abcDEF34.js')).toBe('/assets/index-BxY12abcDEF34.js');
  });
});

describe('logger options', () => {
  it('never writes headers, bodies or error values, however the logger is called', () => {
    const lines: string[] = [];
    const log = pino(loggerOptions({ level: 'trace' }), { write: (line: string) => lines.push(line) });
    const error = new DrizzleQueryError('select $1::uuid', ['tax-number-987654321'], new Error('boom'));
    log.error(error);
    log.error({ err: error }, 'failed');
    log.warn({ err: error.message }, 'job failed');
    log.info(
      {
        headers: { authorization: 'Bearer abc123secret', cookie: 'bo_session=abc123secret' },
        password: 'pw-secret',
      },
      'oops',
    );
    const text = lines.join('');
    expect(lines).toHaveLength(4);
    for (const secret of ['tax-number-987654321', 'abc123secret', 'pw-secret', 'Failed query', 'params:']) {
      expect(text).not.toContain(secret);
    }
    expect(JSON.parse(lines[0]!)).toMatchObject({
      msg: 'Database query failed',
      err: { type: 'DrizzleQueryError' },
    });
  });
});

describe('the access log line', () => {
  it('is the line pino writes for the same fields, for any id, path, address, status and time', () => {
    fc.assert(
      fc.property(
        fc.record({
          id: fc.oneof(fc.uuid(), fc.stringMatching(/^[A-Za-z0-9._:-]{1,128}$/)),
          method: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'),
          url: fc.string({ unit: 'binary', maxLength: 60 }),
          ip: fc.oneof(fc.ipV4(), fc.ipV6()),
          statusCode: fc.integer({ min: 100, max: 599 }),
          responseTime: fc.integer({ min: 0, max: 1_000_000 }).map((n) => n / 10),
          time: fc.integer({ min: 0, max: 4_102_444_800_000 }),
        }),
        ({ id, method, url, ip, statusCode, responseTime, time }) => {
          const request = { id, method, url: `/${url}`, ip, routeOptions: {} } as unknown as FastifyRequest;
          let written = '';
          const stream = { write: (line: string) => (written = line) };
          const logger = pino({ level: 'info', timestamp: () => `,"time":${time}` }, stream);
          logger.info(
            { reqId: id, req: serializeRequest(request), res: { statusCode }, responseTime },
            'request completed',
          );
          const line = new AccessLog(stream).line(request, statusCode, responseTime, time);
          expect(line).toBe(written);
          expect(line.endsWith('\n')).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('writes nothing when the log level leaves info lines out', () => {
    const lines: string[] = [];
    const stream = { write: (line: string) => void lines.push(line) };
    const request = { id: 'r1', method: 'GET', url: '/api/health', ip: '127.0.0.1', routeOptions: {} };
    const reply = { statusCode: 200 };
    new AccessLog(stream, false).write(request as never, reply as never, 1.5);
    expect(lines).toEqual([]);
    new AccessLog(stream).write(request as never, reply as never, 1.5);
    expect(JSON.parse(lines[0]!)).toMatchObject({
      reqId: 'r1',
      res: { statusCode: 200 },
      msg: 'request completed',
    });
  });
});

describe('the log batch', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  const info = (n: number) => `{"level":30,"time":${n},"msg":"request completed"}\n`;
  const batchInto = (writes: string[]) => new LogBatch({ write: (text: string) => void writes.push(text) });

  it('writes the lines of 10 ms together, in order, once', () => {
    vi.useFakeTimers();
    const writes: string[] = [];
    const batch = batchInto(writes);
    batch.write(info(1));
    batch.write(info(2));
    vi.advanceTimersByTime(LOG_BATCH_MS - 1);
    expect(writes).toEqual([]);
    batch.write(info(3));
    vi.advanceTimersByTime(1);
    expect(writes).toEqual([info(1) + info(2) + info(3)]);
    vi.advanceTimersByTime(LOG_BATCH_MS * 5);
    expect(writes).toHaveLength(1);
    batch.write(info(4));
    vi.advanceTimersByTime(LOG_BATCH_MS);
    expect(writes).toEqual([info(1) + info(2) + info(3), info(4)]);
  });

  it('writes a warning, an error or a fatal line at once, after the lines before it', () => {
    vi.useFakeTimers();
    for (const level of [40, 50, 60]) {
      const writes: string[] = [];
      const batch = batchInto(writes);
      const line = `{"level":${level},"time":2,"msg":"request failed"}\n`;
      batch.write(info(1));
      batch.write(line);
      expect(writes).toEqual([info(1) + line]);
      vi.advanceTimersByTime(LOG_BATCH_MS);
      expect(writes).toHaveLength(1);
    }
  });

  it('writes at once when what waits reaches its size limit', () => {
    vi.useFakeTimers();
    const writes: string[] = [];
    const batch = batchInto(writes);
    const line = info(1);
    const count = Math.ceil(LOG_BATCH_MAX_CHARS / line.length);
    for (let i = 0; i < count; i++) batch.write(line);
    expect(writes).toEqual([line.repeat(count)]);
  });

  it('loses no line and changes none, however lines, levels and waits interleave', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.record({ line: fc.constantFrom(30, 40, 50).map((l) => `{"level":${l},"msg":"x"}\n`) }),
            fc.record({ wait: fc.integer({ min: 0, max: 3 * LOG_BATCH_MS }) }),
          ),
          { maxLength: 60 },
        ),
        (steps) => {
          vi.useFakeTimers();
          const writes: string[] = [];
          const batch = batchInto(writes);
          let expected = '';
          for (const step of steps) {
            if ('line' in step) {
              batch.write(step.line);
              expected += step.line;
            } else vi.advanceTimersByTime(step.wait);
          }
          vi.advanceTimersByTime(LOG_BATCH_MS);
          vi.useRealTimers();
          expect(writes.join('')).toBe(expected);
          expect(writes.every((w) => w !== '')).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });
});
