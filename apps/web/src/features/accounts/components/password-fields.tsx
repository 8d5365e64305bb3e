import { List, PasswordInput, Stack, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import type { UseFormReturnType } from '@mantine/form';
import { PASSWORD_CRITERIA } from '@rrp/domain';

/** Password with its criteria checked as the user types (foundation §5), and an optional confirmation. */
export function PasswordFields<T extends { password: string }>({
  form,
  confirmField,
  label = 'Password',
}: {
  form: UseFormReturnType<T>;
  confirmField?: keyof T & string;
  label?: string;
}) {
  const password = form.values.password;
  return (
    <Stack gap="xs">
      <PasswordInput label={label} autoComplete="new-password" required {...form.getInputProps('password')} />
      <List size="sm" spacing={2} aria-label="Password criteria">
        {PASSWORD_CRITERIA.map((criterion) => {
          const met = criterion.test(password);
          return (
            <List.Item
              key={criterion.key}
              icon={
                <ThemeIcon size={18} radius="xl" color={met ? 'teal.8' : 'gray.6'} aria-hidden>
                  {met ? <IconCheck size={12} /> : <IconX size={12} />}
                </ThemeIcon>
              }
            >
              {criterion.label}
              <VisuallyHidden>{met ? ' (met)' : ' (not met)'}</VisuallyHidden>
            </List.Item>
          );
        })}
      </List>
      {confirmField && (
        <PasswordInput
          label="Confirm password"
          autoComplete="new-password"
          required
          {...form.getInputProps(confirmField)}
        />
      )}
    </Stack>
  );
}
