export * from './catalogue-documents';
export * from './catalogue-product';
export * from './find-products';
export * from './catalog-categories';
export * from './pools';
export * from './pages';
