/**
 * Every read about one customer lives under this key (header, dashboard, tabs), whichever
 * feature makes it: a change to the customer invalidates the whole of it, so the header and the
 * dashboard follow a change made on another tab.
 */
export const customerQueryKey = (uid: string) => ['customers', uid] as const;
