export { DynamicForm, type DynamicFormProps } from './dynamic-form';
export { applyChange, shownPaths, useDynamicForm } from './state';
export { SchemaLoadError, formSchemaPath, loadFormSchema, useFormSchema } from './load';
export { answerText, formLabels, rangeText, type AnswerLabel } from '@rrp/domain/forms';
