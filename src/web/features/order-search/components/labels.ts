import { countryName, orderTypeName } from '@domain/reference/lists';

// Where orders and customers live in the app, and how an order's fields read.

export const orderPath = (id: string) => `/orders/${encodeURIComponent(id)}/info`;
export const customerPath = (uid: string) => `/customers/${encodeURIComponent(uid)}/dashboard`;

export const typeLabel = (orderType: number) => orderTypeName(orderType) ?? `Type ${orderType}`;
export const locationLabel = (countryId: number) => countryName(countryId) ?? `Country ${countryId}`;
