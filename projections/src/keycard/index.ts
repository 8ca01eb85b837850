export * from './keycards';
