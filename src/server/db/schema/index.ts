export * from './catalog';
export * from './customers';
export * from './orders';
export * from './payments';
export * from './platform';
export * from './promos';
export * from './reconciliation';
export * from './uploads';
