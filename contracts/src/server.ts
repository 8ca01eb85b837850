/** Schemas that need Node APIs (Buffer). Import from the API only: `@alpenpass/contracts/src/server`. */
export * from './validators/uploaded-file';
