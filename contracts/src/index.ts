export * from './events';
export * from './api';
export * from './languages';
export * from './feature-flags';
export * from './settings';
export * from './validators/env';
export * from './task-queues';
