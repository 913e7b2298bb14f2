export * from './account';
export * from './audit';
export * from './messages';
export * from './operations';
export * from './profile';
export * from './tax-number';
