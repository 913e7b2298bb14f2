import { zodResolver } from '@hookform/resolvers/zod';
import { chunkLoader, isChunkLoadError } from '@web/lib/chunk-load';
import { useCallback, useMemo } from 'react';
import {
  type FieldErrors,
  type FieldPath,
  type FieldValues,
  type Resolver,
  type UseFormProps,
  useForm,
} from 'react-hook-form';
import type { z } from 'zod';
import { applyServerIssues } from './apply-server-issues';

/** A schema whose input is the form's values and whose output is what the form sends. */
type FormSchema = z.ZodType<FieldValues, FieldValues>;
type In<S extends FormSchema> = z.input<S>;
type Out<S extends FormSchema> = z.output<S>;

export type ZodFormOptions<S extends FormSchema> = Omit<UseFormProps<In<S>, unknown, Out<S>>, 'resolver'> & {
  /** Replaces the schema's own resolver when a form checks more (the address forms, ADR 029). */
  resolver?: Resolver<In<S>, unknown, Out<S>>;
  /**
   * Request keys whose issues show under another field: a form field that becomes one of several
   * request keys (the tax number's kind), or a key the form derives (a cart line's SKU). A constant,
   * like the schema and the resolver: a new one each render builds a new resolver each render.
   */
  issuesUnder?: Partial<Record<string, FieldPath<In<S>>>>;
};

/**
 * A form's schema fetched when the form is first used (ADR 044): its module, and zod with it, stay
 * out of the screen's first scripts. Made once at the top of the form's module, from a loader that
 * imports the schema's module and answers the schema, so that every form of that kind shares one load.
 */
export interface LazySchema<S extends FormSchema> {
  readonly load: () => Promise<S>;
}

export function lazySchema<S extends FormSchema>(load: () => Promise<S>): LazySchema<S> {
  return { load: chunkLoader(load) };
}

const isLazy = <S extends FormSchema>(schema: S | LazySchema<S>): schema is LazySchema<S> =>
  'load' in schema && typeof schema.load === 'function';

/**
 * Checks with the schema once it has loaded. When its code cannot be fetched (a chunk load error,
 * after the app's time limit), the values go as entered and the server, which checks every request
 * against the same schema, answers with the issues, shown under their fields as any server issue.
 */
export function lazyResolver<S extends FormSchema>(schema: LazySchema<S>): Resolver<In<S>, unknown, Out<S>> {
  let checked: Resolver<In<S>, unknown, Out<S>> | null = null;
  return async (values, context, options) => {
    if (!checked) {
      try {
        checked = zodResolver(await schema.load()) as unknown as Resolver<In<S>, unknown, Out<S>>;
      } catch (error) {
        if (!isChunkLoadError(error)) throw error;
        return { values: values as unknown as Out<S>, errors: {} };
      }
    }
    return checked(values, context, options);
  };
}

function movingIssues<V extends FieldValues, O>(
  resolver: Resolver<V, unknown, O>,
  under: Partial<Record<string, FieldPath<V>>>,
): Resolver<V, unknown, O> {
  return async (values, context, options) => {
    const result = await resolver(values, context, options);
    const errors: Record<string, unknown> = { ...result.errors };
    let moved = false;
    for (const [from, to] of Object.entries(under)) {
      if (!to || !(from in errors)) continue;
      errors[to] ??= errors[from];
      delete errors[from];
      moved = true;
    }
    return moved ? { values: {}, errors: errors as FieldErrors<V> } : result;
  };
}

/**
 * The app's one form setup (CONVENTIONS: one zod schema for the form and the server):
 * react-hook-form checking the shared zod contract, first on submit and then on each change of a
 * field that has been refused. `applyServerIssues(error, fields)` puts a 400 answer's `issues`
 * under those fields and tells whether any took one (the rest goes to the alert bar).
 */
export function useZodForm<S extends FormSchema>(
  schema: S | LazySchema<S>,
  { resolver, issuesUnder, ...options }: ZodFormOptions<S> = {},
) {
  const checked = useMemo(() => {
    const base =
      resolver ??
      (isLazy(schema)
        ? lazyResolver(schema)
        : (zodResolver(schema) as unknown as Resolver<In<S>, unknown, Out<S>>));
    return issuesUnder ? movingIssues(base, issuesUnder) : base;
  }, [schema, resolver, issuesUnder]);
  const form = useForm<In<S>, unknown, Out<S>>({
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    ...options,
    resolver: checked,
  });
  const { setError } = form;
  const serverIssues = useCallback(
    (error: unknown, fields: readonly FieldPath<In<S>>[]) => applyServerIssues(error, setError, fields),
    [setError],
  );
  // A lazy schema starts loading when the form is first focused (`<form onFocus={loadChecks}>`),
  // so that it is there by the time the form is sent.
  const loadChecks = useCallback(() => {
    if (isLazy(schema)) schema.load().catch(() => undefined);
  }, [schema]);
  return { ...form, applyServerIssues: serverIssues, loadChecks };
}
