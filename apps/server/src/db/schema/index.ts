export * from './reference';
export * from './users';
export * from './institutions';
export * from './history';
export * from './email';
export * from './notifications';
export * from './files';
export * from './projects';
