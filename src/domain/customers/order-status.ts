import { orderStateName, USER_TYPE } from '../reference/lists';

// How an order reads in a customer's lists (spec 2 §2, §4).

export interface OrderStatusInput {
  collection: 'invoices' | 'orders' | 'ship-to-socials' | string;
  state: number | null;
  printed: boolean;
  hasShipments: boolean;
}

/**
 * spec 2 §4: an invoice shows Shipped if it has shipments, else Printed if printed, else the state
 * name, else Processing; an unprocessed order document shows Pending Terms until captured; a
 * ship-to-social document shows Pending Pop-up.
 */
export function orderDisplayStatus(order: OrderStatusInput): string {
  if (order.collection === 'orders') return 'Pending Terms';
  if (order.collection === 'ship-to-socials') return 'Pending Pop-up';
  if (order.hasShipments) return 'Shipped';
  if (order.printed) return 'Printed';
  return orderStateName(order.state) ?? 'Processing';
}

/** spec 2 §2: consultant orders read X plus the number, all others F plus the number. */
export const orderNumberLabel = (orderId: number, customerUserType: number): string =>
  `${customerUserType === USER_TYPE.consultant ? 'X' : 'F'}${orderId}`;
