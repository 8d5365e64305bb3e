export * from './transitions';
export * from './team';
