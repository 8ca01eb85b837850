export * from './order-export-lines';
export * from './export-queries';
