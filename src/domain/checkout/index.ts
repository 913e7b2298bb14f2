// Ordering on behalf of a customer (spec 2 §2 portal order screen, §3–§5, §7; spec 3 §3–§4).
export * from './attribution';
export * from './catalog';
export * from './checkout';
export * from './content';
export * from './eligibility';
export * from './locale';
export * from './messages';
export * from './order-type';
export * from './sift';
export * from './split-payments';
export * from './totals';
