/**
 * Builders of rows, shared by the demo seed, the CLI and the tests so every path creates the same
 * rows (roles, institution link, research team, history) as the services write them.
 */
export * from './accounts';
export * from './projects';
export * from './requests';
export * from './catalogue';
