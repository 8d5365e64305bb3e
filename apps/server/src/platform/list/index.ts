export * from './detail';
export * from './list-route';
export * from './list-spec';
export * from './page';
export * from './select-page';
export * from './object-routes';
export * from './kept-pages';
