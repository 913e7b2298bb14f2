import { can, type Principal } from '../auth/permissions';
import type { PromoCollection } from './tool';

// What a staff member may do in the promo tool, per collection (DESIGN §4): drafts need
// promos.edit (developers, or promoAccess), pending promos.publish (promoAccess), active and
// production promos.deploy (junoAccess). The screens disable what a role cannot do and say why before any work
// is done; the server checks the same actions and answers 'Insufficient Permissions'.

export type PromoAccess = Record<PromoCollection, boolean>;

export function promoAccessOf(principal: Principal | null | undefined): PromoAccess {
  return {
    drafts: can(principal, 'promos.edit'),
    pending: can(principal, 'promos.publish'),
    active: can(principal, 'promos.deploy'),
    production: can(principal, 'promos.deploy'),
  };
}

export const PROMO_ACCESS_REASONS: Record<PromoCollection, string> = {
  drafts: 'Saving to drafts needs promoAccess.',
  pending: 'Publishing to pending needs promoAccess.',
  active: 'Saving to active needs junoAccess.',
  production: 'Deploying to production needs junoAccess.',
};

/** Whether any rule can be written at all (creating a promo or a bulk edit is then pointless). */
export const mayWriteAny = (access: PromoAccess) => Object.values(access).some(Boolean);

/** Why a save to this collection is not possible, or null when it is. */
export const whyNotSave = (access: PromoAccess, collection: PromoCollection): string | null =>
  access[collection] ? null : PROMO_ACCESS_REASONS[collection];
