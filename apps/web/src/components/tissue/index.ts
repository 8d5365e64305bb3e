export * from './api';
export * from './columns';
export * from './column-chooser';
export * from './donor-table';
export * from './filters';
export * from './terminology';
