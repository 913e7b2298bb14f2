export * from './bounds';
export * from './constants';
export * from './lists';
export * from './regions';
