export * from './test-database';
export * from './read-models';
export * from './patience';
