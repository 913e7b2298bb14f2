import { z } from 'zod';
import { OverrideEntry } from './cart';
import { overrideRead } from './override-rules';

/**
 * The price-override form's fields, read as the override the server takes (the same OverrideEntry
 * checks). The form loads this module when it is first used (ADR 044).
 */
export const OverrideFields = z
  .object({
    id: z.string(),
    sku: z.string(),
    overridePrice: z.string(),
    overridePV: z.string(),
    overrideQV: z.string(),
    overrideCV: z.string(),
    quantity: z.string(),
  })
  .transform(overrideRead)
  .pipe(OverrideEntry);
