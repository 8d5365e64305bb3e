import { useState } from 'react';
import { Button, Group, Stack, TagsInput, Text } from '@mantine/core';
import { notify } from './notify';
import { CATALOGUE_MESSAGES, isEmailAddress } from '@rrp/domain';
import { ApiError } from '@/lib/api-client';
import { useSaveAllowedUsers } from '../api/catalogue';
import { parseEmails, serverFieldErrors } from '../rules';

/**
 * The allowed-users editor of a restricted dataset or sample type (researcher §2): e-mail
 * addresses, saved whole with 'Submit Access Changes'; one invalid address refuses the list.
 */
export function AllowedUsersEditor({
  kind,
  id,
  name,
  limited,
  initial,
}: {
  kind: 'dataset' | 'sample-type';
  id: number;
  name: string;
  /** Only restricted (limited) resources are held back from researchers not listed. */
  limited: boolean;
  initial: string[];
}) {
  const [emails, setEmails] = useState<string[]>(initial);
  const [saved, setSaved] = useState<string[]>(initial);
  const [error, setError] = useState<string | null>(null);
  const save = useSaveAllowedUsers(kind, id);
  const changed = JSON.stringify(emails) !== JSON.stringify(saved);

  const submit = async () => {
    const invalid = emails.filter((email) => !isEmailAddress(email));
    if (invalid.length) {
      setError(CATALOGUE_MESSAGES.invalidEmails(invalid));
      return;
    }
    setError(null);
    try {
      const result = await save.mutateAsync(emails);
      setEmails(result.allowed_users);
      setSaved(result.allowed_users);
      notify({ color: 'teal', title: 'Access changes saved', message: name });
    } catch (failure) {
      if (failure instanceof ApiError) {
        const fields = serverFieldErrors(failure.body);
        setError(Object.values(fields)[0] ?? failure.summary);
      } else if (failure instanceof Error && failure.name !== 'CancelledError') {
        setError(failure.message);
      }
    }
  };

  return (
    <Stack gap="sm" p="md">
      <TagsInput
        label={`Allowed users of ${name}`}
        description="E-mail addresses of the researchers who may request this resource. Paste several at once, separated by commas or spaces."
        placeholder={emails.length ? undefined : 'name@institution.edu'}
        value={emails}
        onChange={(next) => {
          setEmails([...new Set(next.flatMap(parseEmails))]);
          setError(null);
        }}
        splitChars={[',', ' ', ';']}
        clearable
        error={error}
      />
      {!limited ? (
        <Text size="sm" c="gray.7">
          Not restricted: every researcher may request it. The list applies once it is restricted.
        </Text>
      ) : (
        emails.length === 0 && (
          <Text size="sm" c="gray.7">
            No allowed users: no researcher may request it yet.
          </Text>
        )
      )}
      <Group justify="flex-end">
        <Button
          variant="default"
          disabled={!changed || save.isPending}
          onClick={() => {
            setEmails(saved);
            setError(null);
          }}
        >
          Reset
        </Button>
        <Button onClick={() => void submit()} loading={save.isPending} disabled={!changed}>
          Submit Access Changes
        </Button>
      </Group>
    </Stack>
  );
}
