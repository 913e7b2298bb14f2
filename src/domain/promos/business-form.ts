// Business promo form (spec 3 §2, §4–§5): the form's rules. The fields, what each type shows and the
// stored rule it publishes are in business-form-rules.ts, without zod for the screen, which loads
// these rules when the form is first used (ADR 044).
import { z } from 'zod';
import { BUY_GET_MESSAGE, businessFieldsFor, unitCount } from './business-form-rules';

export {
  BUY_GET_MESSAGE,
  type BusinessPromoForm,
  businessFieldsFor,
  businessFormComplete,
  businessFormOpen,
  businessToStored,
  buyGetSummary,
  type DurationState,
} from './business-form-rules';

/**
 * The business form's values (spec 3 §5): complete only with name, type (id), at least one country
 * and at least one user type; a buy X get Y type also needs its two unit counts, refused with
 * BUY_GET_MESSAGE under the field.
 */
export const BusinessPromoInput = z
  .object({
    name: z.string().refine((name) => name.trim() !== '', 'Enter a promo name'),
    id: z
      .number()
      .int()
      .nullable()
      .refine((id) => id !== null, 'Choose a promo type'),
    countries: z.array(z.number().int()).min(1, 'Choose at least one country'),
    userTypes: z.array(z.number().int()).min(1, 'Choose at least one user type'),
    conditionItems: z.array(z.string()),
    actionItems: z.array(z.string()),
    discount: z.string(),
    buy: z.string(),
    get: z.string(),
    duration: z.object({ start: z.string(), end: z.string() }).nullable(),
  })
  .superRefine((f, ctx) => {
    if (!businessFieldsFor(f.id).buyGet) return;
    for (const key of ['buy', 'get'] as const)
      if (unitCount(f[key]) === null) ctx.addIssue({ code: 'custom', path: [key], message: BUY_GET_MESSAGE });
  });

/** The products the form's pickers find by SKU or name (`GET /api/cs/promo/products`). */
export const BusinessProductsAnswer = z.object({
  success: z.literal(true),
  data: z.array(z.object({ sku: z.string(), title: z.string() })),
});
