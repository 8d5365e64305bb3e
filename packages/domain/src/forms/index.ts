export * from './form-schema';
export * from './validate';
export * from './catalogue';
export * from './renewal';
export * from './answers';
