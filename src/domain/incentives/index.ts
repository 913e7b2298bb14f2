export * from './constants';
export * from './contracts';
export * from './milestones';
export * from './queries';
export * from './selection';
