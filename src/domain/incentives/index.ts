export * from './contracts';
export * from './milestones';
export * from './selection';
