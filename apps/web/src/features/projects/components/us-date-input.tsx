import { DateInput } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { ISO_DAY, parseUsDate } from '../rules';

/**
 * A date typed as mm/dd/yyyy or picked from the calendar. The value is YYYY-MM-DD, '' when empty, or
 * the typed text when it is not a date (the form then shows 'Please use the format MM/DD/YYYY').
 */
export function UsDateInput({
  label,
  value,
  onChange,
  error,
  required,
  disabled,
  description,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  required?: boolean;
  disabled?: boolean;
  description?: string;
}) {
  return (
    <DateInput
      label={label}
      description={description}
      placeholder="MM/DD/YYYY"
      valueFormat="MM/DD/YYYY"
      dateParser={(text) => parseUsDate(text)}
      fixOnBlur={false}
      clearable
      value={ISO_DAY.test(value) ? value : null}
      onChange={(next) => onChange(next ?? '')}
      onBlur={(event) => {
        const text = event.currentTarget.value.trim();
        if (!text) onChange('');
        else onChange(parseUsDate(text) ?? text);
      }}
      error={error}
      required={required}
      disabled={disabled}
    />
  );
}
