// Where an order's screens live (spec 2 §2 route table); {id} is the order document id.

export const orderTabPath = (id: string, tab: string) =>
  tab === 'portal' ? `/orders/portal/${encodeURIComponent(id)}` : `/orders/${encodeURIComponent(id)}/${tab}`;
export const customerLink = (uid: string) => `/customers/${encodeURIComponent(uid)}/dashboard`;

export const ORDER_TABS = [
  ['info', 'Info'],
  ['process', 'Process'],
  ['refunds', 'Refunds'],
  ['audit', 'Audit'],
  ['portal', 'Portal view'],
] as const;
