import { flattenOptions, type FieldOption, type Scalar } from '@rrp/domain/forms';

export const asText = (value: unknown) => (value === undefined || value === null ? '' : String(value));

/** The option an input's string stands for, so answers keep their type (2, true, 'yes'). */
export const typed = (options: readonly FieldOption[], value: string): Scalar =>
  flattenOptions(options).find((option) => String(option.value) === value)?.value ?? value;
