import { COMPANY_SPONSOR_ID } from '../reference/constants';
import { USER_TYPE } from '../reference/lists';

/**
 * The consultant an order is attributed to (spec 2 §6): a buyer who is neither a consultant nor
 * an employee and has a sponsor other than the company (1) is attributed to that sponsor; anyone
 * else to nobody (a consultant buys for themselves, the company is no consultant).
 */
export function attributedConsultantId(
  userType: number,
  sponsorId: number | null | undefined,
): number | null {
  if (userType === USER_TYPE.consultant || userType === USER_TYPE.employee) return null;
  if (sponsorId == null || sponsorId === COMPANY_SPONSOR_ID) return null;
  return sponsorId;
}
