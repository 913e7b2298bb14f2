import { $ZodType } from 'zod/v4/core';

// Whether a contract gives the same value parsed as encoded, and as it came: the server picks its
// answer check by it (src/server/platform/response-serializer.ts, ADR 035), and the browser checks
// in development only the contracts for which it holds (ADR 043).

/** Kinds of schema whose parse and encode may differ, or that cannot be looked into ahead. */
const DIRECTIONAL = new Set([
  'pipe',
  'transform',
  'default',
  'prefault',
  'catch',
  'lazy',
  'custom',
  'promise',
]);

type Def = { type: string } & Record<string, unknown>;

const defOf = (schema: $ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The schemas a schema is made of, for the kinds that hold others. */
function parts(def: Def): unknown[] {
  switch (def.type) {
    case 'object':
      return [...Object.values(def.shape as Record<string, unknown>), def.catchall];
    case 'array':
      return [def.element];
    case 'optional':
    case 'nullable':
    case 'nonoptional':
    case 'readonly':
    case 'success':
      return [def.innerType];
    case 'union':
      return def.options as unknown[];
    case 'intersection':
      return [def.left, def.right];
    case 'record':
    case 'map':
      return [def.keyType, def.valueType];
    case 'set':
      return [def.valueType];
    case 'tuple':
      return [...(def.items as unknown[]), def.rest];
    default:
      return [];
  }
}

/** True when parsing and encoding a value with this schema cannot give different results. */
export function sameBothWays(schema: $ZodType, seen = new Set<$ZodType>()): boolean {
  if (seen.has(schema)) return true;
  seen.add(schema);
  const def = defOf(schema);
  // A coerced primitive (z.coerce.number()) turns what it reads into another value.
  if (DIRECTIONAL.has(def.type) || def.coerce === true) return false;
  return parts(def).every(
    (part) => part === undefined || (part instanceof $ZodType && sameBothWays(part, seen)),
  );
}
