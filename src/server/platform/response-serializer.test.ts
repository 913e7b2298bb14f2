import { sameBothWays } from '@domain/platform/contract-direction';
import fc from 'fast-check';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { serializerCompiler } from './response-serializer';

const serializerOf = (schema: z.ZodType) =>
  serializerCompiler({ schema, method: 'GET', url: '/api/x', httpStatus: '200' });

const Row = z.object({
  id: z.string(),
  cents: z.number().int(),
  tags: z.array(z.enum(['a', 'b'])),
  note: z.string().nullable().optional(),
  at: z.iso.datetime(),
  kind: z.union([z.literal('x'), z.object({ y: z.number() })]),
  extra: z.record(z.string(), z.boolean()),
});

describe('response serializer', () => {
  it('takes the fast path only for schemas that parse and encode alike', () => {
    expect(sameBothWays(Row)).toBe(true);
    expect(sameBothWays(z.object({ a: z.array(Row) }))).toBe(true);
    for (const directional of [
      z.string().transform((s) => s.length),
      z.string().default('x'),
      z.string().catch('x'),
      z.string().pipe(z.string()),
      z.codec(z.iso.datetime(), z.date(), { decode: (s) => new Date(s), encode: (d) => d.toISOString() }),
      z.lazy(() => z.string()),
      z.coerce.number(),
    ]) {
      expect(sameBothWays(z.object({ deep: z.array(z.object({ v: directional.optional() })) }))).toBe(false);
    }
  });

  it('answers what encode would, and never a field the schema does not name', () => {
    const serialize = serializerOf(Row);
    fc.assert(
      fc.property(
        fc.record({
          id: fc.string(),
          cents: fc.integer(),
          tags: fc.array(fc.constantFrom('a' as const, 'b' as const)),
          note: fc.option(fc.string(), { nil: undefined }),
          at: fc
            .date({ noInvalidDate: true, min: new Date(0), max: new Date(4e12) })
            .map((d) => d.toISOString()),
          kind: fc.oneof(
            fc.constant('x' as const),
            fc.record({ y: fc.double({ noNaN: true, noDefaultInfinity: true }) }),
          ),
          extra: fc.dictionary(fc.string(), fc.boolean()),
          passwordHash: fc.string(),
        }),
        (row) => {
          const json = serialize(row);
          expect(json).toBe(JSON.stringify(z.encode(Row, row)));
          expect(JSON.parse(json)).not.toHaveProperty('passwordHash');
        },
      ),
    );
  });

  it('refuses an answer that does not fit its schema, on either path', () => {
    expect(() => serializerOf(Row)({ id: 1 })).toThrow(ResponseSerializationError);
    expect(() => serializerOf(z.object({ n: z.string().default('x') }))({ n: 1 })).toThrow(
      ResponseSerializationError,
    );
  });
});
