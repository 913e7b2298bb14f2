export * from './product-credit';
