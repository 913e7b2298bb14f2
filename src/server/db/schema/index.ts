export * from './catalog';
export * from './customer-view';
export * from './customers';
export * from './orders';
export * from './payments';
export * from './platform';
export * from './promos';
export * from './uploads';
