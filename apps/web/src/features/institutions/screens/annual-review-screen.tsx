import { useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Group,
  Radio,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import type { UserInstitutionDto } from '@rrp/domain';
import { apiFetch, ApiError } from '@/lib/api-client';
import { Page } from '@/components/page';
import { useSession } from '@/lib/session';

interface Mark {
  verified: boolean | null;
  reason: string;
}

/**
 * /annual-researcher-review: the signing official marks every affiliated researcher as still
 * affiliated or removed (with a reason). With ?recent=true, only researchers not yet verified.
 */
export default function AnnualReviewScreen() {
  const { user } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const recentOnly = params.get('recent') === 'true';
  const institutionId = user?.institutionId;
  const links = useQuery({
    queryKey: ['institution-members', institutionId, recentOnly],
    queryFn: () =>
      apiFetch<{ results: UserInstitutionDto[] }>('user-institution/', {
        query: {
          institution: institutionId!,
          expand: 'user',
          limit: 2000,
          ...(recentOnly ? { verified: 'false' } : {}),
        },
      }),
    enabled: Boolean(institutionId),
  });
  const [marks, setMarks] = useState<Record<number, Mark>>({});
  const [confirmed, setConfirmed] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const title = recentOnly ? 'Verify Researchers' : 'Annual Researcher Review';

  const researchers = (links.data?.results ?? [])
    .map((link) => ({ link, person: typeof link.user === 'object' ? link.user : null }))
    .filter((row) => row.person && row.person.id !== user?.id);

  if (!links.data) {
    return (
      <Page title={title}>
        <Skeleton h={240} />
      </Page>
    );
  }

  const mark = (id: number, change: Partial<Mark>) =>
    setMarks((previous) => ({
      ...previous,
      [id]: { verified: null, reason: '', ...previous[id], ...change },
    }));
  const allMarked = researchers.every(({ person }) => {
    const value = marks[person!.id];
    return value && value.verified !== null && (value.verified || value.reason.trim());
  });

  const submit = async () => {
    setError(null);
    setSaving(true);
    try {
      await apiFetch(`institution/${institutionId}/verification/`, {
        method: 'POST',
        body: {
          annual_review: !recentOnly,
          entries: researchers.map(({ person }) => ({
            user_id: person!.id,
            verified: marks[person!.id]!.verified,
            removal_reason: marks[person!.id]!.verified ? null : marks[person!.id]!.reason.trim(),
          })),
        },
      });
      await queryClient.invalidateQueries({ queryKey: ['institution-members'] });
      modals.open({
        title: recentOnly ? 'Verification saved' : 'Annual Review Complete!',
        children: <Text size="sm">Thank you. The foundation has your confirmation.</Text>,
        onClose: () => navigate('/'),
      });
    } catch (caught) {
      setError(
        caught instanceof ApiError
          ? (Object.values(caught.fieldErrors)[0] ?? caught.summary)
          : 'Failed to update object',
      );
    } finally {
      setSaving(false);
    }
  };

  return (
    <Page title={title}>
      {researchers.length === 0 ? (
        <Alert maw={720}>
          {recentOnly
            ? 'No researchers are waiting for verification.'
            : 'No researchers are affiliated to this institution.'}
        </Alert>
      ) : (
        <Stack>
          <Text>
            For each researcher, confirm they are still at your institution, or remove them and say why.
            Removing a researcher ends their affiliation.
          </Text>
          <Card withBorder padding={0}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Researcher</Table.Th>
                  <Table.Th>Still affiliated?</Table.Th>
                  <Table.Th>Reason for removal</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {researchers.map(({ person }) => {
                  const value = marks[person!.id];
                  return (
                    <Table.Tr key={person!.id}>
                      <Table.Td>
                        <Text size="sm" fw={600}>
                          {person!.full_name}
                        </Text>
                        <Text size="xs">{person!.email}</Text>
                      </Table.Td>
                      <Table.Td>
                        <Radio.Group
                          label={
                            <VisuallyHidden>{`Is ${person!.full_name} still affiliated?`}</VisuallyHidden>
                          }
                          value={
                            value?.verified === undefined || value.verified === null
                              ? null
                              : String(value.verified)
                          }
                          onChange={(choice) => mark(person!.id, { verified: choice === 'true' })}
                        >
                          <Group gap="md">
                            <Radio value="true" label="Yes" />
                            <Radio value="false" label="No, remove" />
                          </Group>
                        </Radio.Group>
                      </Table.Td>
                      <Table.Td>
                        <TextInput
                          aria-label={`Reason for removing ${person!.full_name}`}
                          disabled={value?.verified !== false}
                          value={value?.reason ?? ''}
                          onChange={(event) => mark(person!.id, { reason: event.currentTarget.value })}
                          maxLength={500}
                        />
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Card>
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Checkbox
            label="I confirm that the information above is accurate."
            checked={confirmed}
            onChange={(event) => setConfirmed(event.currentTarget.checked)}
          />
          <Button onClick={submit} disabled={!allMarked || !confirmed} loading={saving} w="fit-content">
            Submit
          </Button>
        </Stack>
      )}
    </Page>
  );
}
