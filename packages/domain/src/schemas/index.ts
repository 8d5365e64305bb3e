export * from './messages';
export * from './common';
export * from './auth';
export * from './session';
export * from './reference';
export * from './accounts';
export * from './institutions';
export * from './projects';
