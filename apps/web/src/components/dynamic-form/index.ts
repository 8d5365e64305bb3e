export { DynamicForm, type DynamicFormProps } from './dynamic-form';
export { applyChange, shownPaths, useDynamicForm } from './state';
