import { useState, type FormEvent } from 'react';
import { Anchor, Button, Group, List, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { Link, Navigate, useNavigate } from 'react-router';
import { can } from '@rrp/domain';
import { FORM_CATALOGUE } from '@rrp/domain/forms';
import { Page } from '@/components/page';
import { useSession } from '@/lib/session';
import { useActor } from '@/lib/use-can';

const GROUPS = [...new Set(FORM_CATALOGUE.map((entry) => entry.group))];

/** /form_tester: the forms the product ships, to open and try (researcher §2, decision 053). */
export default function FormTesterListScreen() {
  const { user } = useSession();
  const navigate = useNavigate();
  const [id, setId] = useState('');
  const actor = useActor();
  if (user && !can(actor, 'read', 'FormTester')) return <Navigate to="/404" replace />;

  const open = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = id.trim();
    if (trimmed) navigate(`/form_tester/${encodeURIComponent(trimmed)}`);
  };

  return (
    <Page title="Form Tester">
      <Text size="sm" c="gray.8" maw={760}>
        Open a form to fill it in as a researcher would. Submit checks the answers with the same rules the
        server applies and shows what would be saved.
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="lg">
        {GROUPS.map((group) => (
          <Stack gap="xs" key={group}>
            <Title order={2} fz="lg">
              {group}
            </Title>
            <List spacing={4} listStyleType="none" aria-label={`${group} forms`}>
              {FORM_CATALOGUE.filter((entry) => entry.group === group).map((entry) => (
                <List.Item key={entry.id}>
                  <Anchor component={Link} to={`/form_tester/${entry.id}`}>
                    {entry.title}
                  </Anchor>
                </List.Item>
              ))}
            </List>
          </Stack>
        ))}
      </SimpleGrid>
      <form onSubmit={open} aria-labelledby="open-by-id">
        <Stack gap="xs" maw={520}>
          <Title order={2} fz="lg" id="open-by-id">
            Open a form by id
          </Title>
          <Group align="flex-end" gap="sm">
            <TextInput
              label="Form id"
              description="Loads /forms/{id}.json"
              value={id}
              onChange={(event) => setId(event.currentTarget.value)}
              style={{ flex: 1 }}
            />
            <Button type="submit" disabled={!id.trim()}>
              Open
            </Button>
          </Group>
        </Stack>
      </form>
    </Page>
  );
}
