import {
  Button,
  Card,
  Group,
  NumberInput,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { formatDateTime, type ReminderSettingDto, type UpdateReminderSetting } from '@rrp/domain';
import { ApiError } from '@/lib/api-client';
import { useUpdateReminderSetting } from '../api/reminder-settings';

type Values = Required<
  Pick<UpdateReminderSetting, 'enabled' | 'after_days' | 'every_days' | 'subject' | 'body'>
>;

const valuesOf = (setting: ReminderSettingDto): Values => ({
  enabled: setting.enabled,
  after_days: setting.after_days,
  every_days: setting.every_days,
  subject: setting.subject,
  body: setting.body,
});

/** One kind of reminder: whether it goes out, when, how often for one item, and its e-mail. */
export function ReminderSettingForm({ setting }: { setting: ReminderSettingDto }) {
  const save = useUpdateReminderSetting();
  const form = useForm<Values>({ initialValues: valuesOf(setting) });
  const submit = form.onSubmit((values) =>
    save.mutate(
      { id: setting.id, ...values },
      {
        onSuccess: (saved) => {
          form.setInitialValues(valuesOf(saved));
          form.setValues(valuesOf(saved));
          notifications.show({ color: 'teal', message: `${saved.label}: saved.` });
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 400) form.setErrors(error.fieldErrors);
        },
      },
    ),
  );
  return (
    <Card withBorder padding="lg">
      <form onSubmit={submit} noValidate aria-label={setting.label}>
        <Stack gap="sm">
          <Group justify="space-between" wrap="wrap">
            <Title order={2} fz="lg">
              {setting.label}
            </Title>
            <Switch label="Send these reminders" {...form.getInputProps('enabled', { type: 'checkbox' })} />
          </Group>
          <Group grow align="flex-start" wrap="wrap">
            <NumberInput
              label={setting.after_label}
              min={1}
              max={365}
              allowDecimal={false}
              miw={200}
              {...form.getInputProps('after_days')}
            />
            <NumberInput
              label="Days before reminding of the same item again"
              min={1}
              max={365}
              allowDecimal={false}
              miw={200}
              {...form.getInputProps('every_days')}
            />
          </Group>
          <TextInput label="Subject" {...form.getInputProps('subject')} />
          <Textarea label="Message" autosize minRows={6} maxRows={16} {...form.getInputProps('body')} />
          <Group justify="space-between" wrap="wrap">
            <Text size="xs" c="gray.7">
              Last changed {formatDateTime(setting.modified)}
            </Text>
            <Button type="submit" loading={save.isPending} disabled={!form.isDirty()}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
