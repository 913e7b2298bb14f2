import type { ResolverOptions } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { lazyResolver, lazySchema } from './use-zod-form';

const Request = z.object({ name: z.string().trim().min(1, 'Name is required') });
type Values = z.input<typeof Request>;
const options = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<Values>;

describe('a lazy schema (ADR 044)', () => {
  it('checks with the schema once loaded, and loads it once for every form that uses it', async () => {
    let loads = 0;
    const schema = lazySchema(async () => {
      loads++;
      return Request;
    });
    const check = lazyResolver(schema);
    const refused = await check({ name: '  ' }, undefined, options);
    expect(refused.errors.name?.message).toBe('Name is required');
    const accepted = await check({ name: ' Ada ' }, undefined, options);
    expect(accepted).toEqual({ values: { name: 'Ada' }, errors: {} });
    await lazyResolver(schema)({ name: 'Grace' }, undefined, options);
    expect(loads).toBe(1);
  });

  it('sends the values as entered when the code cannot be fetched, and checks once it can', async () => {
    let fail = true;
    const check = lazyResolver(
      lazySchema(async () => {
        if (fail) throw new Error('Failed to fetch dynamically imported module: /assets/x.js');
        return Request;
      }),
    );
    expect(await check({ name: '  ' }, undefined, options)).toEqual({ values: { name: '  ' }, errors: {} });
    fail = false;
    expect((await check({ name: '  ' }, undefined, options)).errors.name?.message).toBe('Name is required');
  });

  it('does not hide an error that is not a failed load', async () => {
    const check = lazyResolver(
      lazySchema(async (): Promise<typeof Request> => {
        throw new TypeError('m.Request is undefined');
      }),
    );
    await expect(check({ name: 'Ada' }, undefined, options)).rejects.toThrow('m.Request is undefined');
  });
});
