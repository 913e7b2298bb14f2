import { type GuardedResource, patchRefusal } from '@domain/auth/field-actions';
import type { Principal } from '@domain/auth/permissions';
import { ERROR_CODES } from '@domain/platform/envelope';
import { AppError } from './errors';

// The one check every write makes of the fields it changes (ADR 018): a change the role's
// actions do not cover is a 403 INSUFFICIENT_PERMISSIONS, a change nobody may make a 400; either
// way before anything is written, with the field named in `issues` so a form can show it there.

export function assertFieldWrites(
  principal: Principal,
  resource: GuardedResource,
  before: Readonly<Record<string, unknown>>,
  patch: Readonly<Record<string, unknown>>,
  /** The answer's `error` for a missing permission when the route has its own (spec 3 promo messages). */
  forbiddenMessage?: string,
): void {
  const refusal = patchRefusal(principal, resource, before, patch);
  if (!refusal) return;
  const issues = [{ path: refusal.field, message: refusal.message }];
  if (refusal.kind === 'never') throw new AppError(400, refusal.message, ERROR_CODES.badRequest, issues);
  throw new AppError(403, forbiddenMessage ?? refusal.message, ERROR_CODES.insufficientPermissions, issues);
}
