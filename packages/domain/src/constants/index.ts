export * from './roles';
export * from './statuses';
export * from './catalogue';
export * from './limits';
export * from './research-match';
export * from './tissue';
export * from './session';
