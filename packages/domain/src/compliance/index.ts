export * from './status';
