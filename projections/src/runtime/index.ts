export * from './projection';
export * from './generations';
export * from './apply-events';
export * from './catch-up';
export * from './replay';
export * from './projection-runner';
export * from './projection-status';
export * from './stream-activity-projection';
