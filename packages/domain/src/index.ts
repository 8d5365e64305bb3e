export * from './constants';
export * from './permissions';
export * from './schemas';
export * from './compliance';
export * from './workflows';
export * from './privacy';
export * from './format';
export * from './role-grants';
