export * from './actor';
export * from './conditions';
export * from './table';
export * from './can';
export * from './grants';
