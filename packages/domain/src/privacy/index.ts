export * from './scrub-error-event';
