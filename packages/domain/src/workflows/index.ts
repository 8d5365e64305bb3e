export * from './transitions';
export * from './team';
export * from './expected-decision';
export * from './turnaround';
export * from './cycle-selection';
export * from './renewal-rules';
export * from './review-quarters';
export * from './sample-batches';
