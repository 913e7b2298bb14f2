import { z } from 'zod';

// A notice: what the server changed or left out on its own, said in words (ADR
// 026). Cart and checkout answers carry them; the screens show them with one component. `field`
// names the input the notice is about; `value` is what the notice offers to put back (a replaced
// promo code).

export const Notice = z.object({
  code: z.string(),
  message: z.string(),
  field: z.string().optional(),
  value: z.string().optional(),
});
export type Notice = z.infer<typeof Notice>;

export { NOTICE_CODES } from './notice-codes';
