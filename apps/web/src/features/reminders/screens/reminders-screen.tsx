import { Code, List, Loader, Stack, Text } from '@mantine/core';
import { Navigate } from 'react-router';
import { can, REMINDER_PLACEHOLDERS } from '@rrp/domain';
import { Page } from '@/components/page';
import { useActor } from '@/lib/use-can';
import { useReminderSettings } from '../api/reminder-settings';
import { ReminderSettingForm } from '../components/reminder-setting-form';

/** /reminders: when reminders about stalled work go out and what they say (issue 19, decision 273). */
export default function RemindersScreen() {
  const actor = useActor();
  const settings = useReminderSettings();
  if (actor && !can(actor, 'list', 'ReminderSetting')) return <Navigate to="/404" replace />;
  return (
    <Page title="Reminders">
      <Text size="sm" maw={760}>
        The portal reminds people of work that waits for them: by e-mail (recorded in the e-mail log) and in
        the bell, at most once per item in the number of days set below. People can stop the e-mails on My
        Profile.
      </Text>
      <Stack gap={4}>
        <Text size="sm" fw={600}>
          Words the subject and message may use
        </Text>
        <List size="sm" spacing={2}>
          {Object.entries(REMINDER_PLACEHOLDERS).map(([name, meaning]) => (
            <List.Item key={name}>
              <Code>{`{${name}}`}</Code> {meaning}
            </List.Item>
          ))}
        </List>
      </Stack>
      {settings.isPending ? (
        <Loader aria-label="Loading the reminders" />
      ) : (
        (settings.data?.results ?? []).map((setting) => (
          <ReminderSettingForm key={setting.id} setting={setting} />
        ))
      )}
    </Page>
  );
}
