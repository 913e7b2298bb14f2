export * from './bounds';
export * from './constants';
export * from './lists';
export * from './money';
export * from './regions';
