export * from './team-rows';
export * from './team-row-fields';
