export * from './detail';
export * from './list-spec';
export * from './page';
export * from './select-page';
