export { DynamicForm } from './dynamic-form';
export { useDynamicForm } from './state';
export { loadFormSchema, useFormSchema } from './load';
export { answerText, formLabels, rangeText, type AnswerLabel } from '@rrp/domain/forms';
