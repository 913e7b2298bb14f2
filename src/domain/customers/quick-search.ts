import { z } from 'zod';
import { decimalInt } from '../platform/ids';
import { QUICK_SEARCH_DEFAULT_COUNTRY, QUICK_SEARCH_DEFAULT_TAKE } from '../reference/constants';

// Consultant quick search (spec 1 §7 Customer lookup and search, §9): used to pick a sponsor or
// an enroller. `q` is a name (or, when it is digits or M followed by digits, an account number,
// spec 1 §5), `account` an account number; only consultants of country `countryid` are answered.

const ACCOUNT_TEXT = /^[Mm]?[1-9][0-9]{0,14}$/;

export const QuickNameSearchQuery = z
  .object({
    q: z.string().trim().max(100).optional(),
    account: z
      .string()
      .trim()
      .regex(ACCOUNT_TEXT, 'The account number must be digits, or M followed by digits')
      .optional(),
    take: decimalInt(1, 50).default(QUICK_SEARCH_DEFAULT_TAKE),
    countryid: decimalInt(1, 2, 'Unknown country id').default(QUICK_SEARCH_DEFAULT_COUNTRY),
  })
  .refine((v) => Boolean(v.q) || Boolean(v.account), {
    message: 'Enter a name or an account number',
    path: ['q'],
  });
export type QuickNameSearchQuery = z.infer<typeof QuickNameSearchQuery>;

export const QuickSearchConsultant = z.object({
  uid: z.string(),
  phoenixId: z.number().int(),
  fullName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  countryId: z.number().int(),
  userType: z.number().int(),
});
export type QuickSearchConsultant = z.infer<typeof QuickSearchConsultant>;

export const QuickNameSearchAnswer = z.object({
  success: z.literal(true),
  data: z.array(QuickSearchConsultant),
});
export type QuickNameSearchAnswer = z.infer<typeof QuickNameSearchAnswer>;
