import { useMemo, useState } from 'react';
import { Alert, Badge, Button, Group, MultiSelect, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import {
  LIMITS,
  MAX_REVIEWERS,
  RECONTACT_TYPES,
  RESEARCH_MATCH_REVIEWER_ROLES,
  REVIEWER_ROLE,
  REVIEWER_ROLES,
  REVIEWER_TYPES,
  WORKFLOW_STATUS,
} from '@rrp/domain';
import { ApiError } from '@/lib/api-client';
import { useReviewerOptions } from '@/components/reviewer-options';
import { ReviewerSuggestions } from '@/components/reviewer-suggestions/reviewer-suggestions';
import { useSetReviewers } from '../api/staff';
import type { RequestView } from '../api/requests';

/** Descriptions darker than Mantine's default, for WCAG AA contrast. */

/** A request is under active review while it is Under Review (decision 081). */
const UNDER_REVIEW = WORKFLOW_STATUS.underReview;

interface Reviewer {
  id: number;
  display_name: string;
}

/** Asks before reviewers with an active review are removed (staff §5); resolves true to go ahead. */
function confirmRemoval(reviewers: Reviewer[]): Promise<boolean> {
  return new Promise((resolve) => {
    modals.openConfirmModal({
      title: 'Remove reviewers with an active review?',
      children: (
        <Stack gap="xs">
          <Text size="sm">
            This request is under review. Removing these reviewers ends their review of it:
          </Text>
          <ul>
            {reviewers.map((reviewer) => (
              <li key={reviewer.id}>
                <Text size="sm">{reviewer.display_name}</Text>
              </li>
            ))}
          </ul>
        </Stack>
      ),
      labels: { confirm: 'Remove Reviewers', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
      onClose: () => resolve(false),
    });
  });
}

/** Staff §3 review_users: a searchable multi-select of the reviewer groups' members (max 100). */
export function ReviewersSection({ request, canEdit }: { request: RequestView; canEdit: boolean }) {
  const current = request.review_users ?? [];
  const currentKey = current.map((reviewer) => `${reviewer.id}:${reviewer.reviewer_role ?? ''}`).join(',');
  const locked = request.reviewers_locked;
  return (
    <Stack gap="sm" component="section" aria-labelledby="reviewers-heading">
      <Title order={3} fz="md" id="reviewers-heading">
        Reviewers
      </Title>
      {locked && (
        <Text size="sm" c="gray.7">
          The reviewers are locked because this request was rejected.
        </Text>
      )}
      {canEdit ? (
        <>
          {/* A new list from the server starts the editor afresh. */}
          <ReviewersEditor key={currentKey} request={request} current={current} />
          {!locked && (
            <ReviewerSuggestions
              request={{ id: request.id, label: request.portal_request_id }}
              assigned={current.map((reviewer) => reviewer.id)}
              headingOrder={4}
              headingId="reviewer-suggestions-heading"
            />
          )}
        </>
      ) : current.length === 0 ? (
        <Text size="sm">No reviewers assigned.</Text>
      ) : (
        <ul aria-label="Assigned reviewers">
          {current.map((reviewer) => (
            <li key={reviewer.id}>
              <Text size="sm">
                {reviewer.display_name}
                {reviewer.reviewer_role_name ? ` (${reviewer.reviewer_role_name})` : ''}
              </Text>
            </li>
          ))}
        </ul>
      )}
    </Stack>
  );
}

const labelOf = (person: { display_name: string; email: string }) =>
  `${person.display_name} (${person.email})`;

function ReviewersEditor({
  request,
  current,
}: {
  request: RequestView;
  current: NonNullable<RequestView['review_users']>;
}) {
  const [selected, setSelected] = useState<string[]>(() => current.map((reviewer) => String(reviewer.id)));
  // Names of the assigned reviewers and of everyone picked from a search.
  const [labels, setLabels] = useState(
    () => new Map(current.map((reviewer) => [String(reviewer.id), labelOf(reviewer)])),
  );
  // Research Match applications: each reviewer's role (1 primary, 2 secondary, 3 other; staff §3).
  const researchMatch = RECONTACT_TYPES.includes(request.type);
  const [roles, setRoles] = useState(
    () =>
      new Map(
        current.map((reviewer) => [String(reviewer.id), reviewer.reviewer_role ?? REVIEWER_ROLE.other]),
      ),
  );
  const [searchText, setSearchText] = useState('');
  const [search] = useDebouncedValue(searchText, LIMITS.search.debounceMs / 2);
  const options = useReviewerOptions(
    search,
    true,
    researchMatch ? RESEARCH_MATCH_REVIEWER_ROLES : REVIEWER_ROLES,
  );
  const save = useSetReviewers(request.id);
  const [error, setError] = useState<string | null>(null);
  const locked = request.reviewers_locked;

  const found = useMemo(
    () => new Map((options.data?.results ?? []).map((user) => [String(user.id), labelOf(user)])),
    [options.data],
  );
  const data = useMemo(() => {
    const shown = new Set([...selected, ...found.keys()]);
    return [...shown].map((value) => ({
      value,
      label: labels.get(value) ?? found.get(value) ?? `User ${value}`,
    }));
  }, [selected, found, labels]);

  const initial = current.map((reviewer) => String(reviewer.id));
  const roleOf = (value: string) => roles.get(value) ?? REVIEWER_ROLE.other;
  const changed =
    [...selected].sort().join(',') !== [...initial].sort().join(',') ||
    (researchMatch &&
      current.some((reviewer) => roleOf(String(reviewer.id)) !== (reviewer.reviewer_role ?? 3)));
  const primaries = selected.filter((value) => roleOf(value) === REVIEWER_ROLE.primary).length;

  function pick(values: string[]) {
    setLabels((previous) => {
      const next = new Map(previous);
      for (const value of values)
        if (!next.has(value) && found.has(value)) next.set(value, found.get(value)!);
      return next;
    });
    setSelected(values);
  }

  async function submit(confirm = false) {
    setError(null);
    const ids = selected.map(Number);
    const users = researchMatch ? ids.map((id) => ({ id, reviewer_role: roleOf(String(id)) })) : ids;
    const removed = current.filter((reviewer) => !ids.includes(reviewer.id));
    if (!confirm && removed.length > 0 && request.status === UNDER_REVIEW) {
      if (await confirmRemoval(removed)) await submit(true);
      return;
    }
    try {
      await save.mutateAsync({ users, ...(confirm ? { confirm: true } : {}) });
      notifications.show({
        color: 'green',
        message: 'Reviewers saved.',
        closeButtonProps: { 'aria-label': 'Close' },
      });
    } catch (caught) {
      if (caught instanceof ApiError && caught.status === 409) {
        const active = (caught.body.active_reviewers as Reviewer[] | undefined) ?? [];
        if (await confirmRemoval(active)) await submit(true);
        return;
      }
      setError(caught instanceof ApiError ? (caught.fieldErrors.users ?? caught.summary) : 'Saving failed.');
    }
  }

  return (
    <>
      <MultiSelect
        label="Assigned reviewers"
        description={`Search reviewers by name or e-mail (at most ${MAX_REVIEWERS}).`}
        placeholder={selected.length ? undefined : 'Search reviewers'}
        data={data}
        value={selected}
        onChange={pick}
        searchable
        searchValue={searchText}
        onSearchChange={setSearchText}
        filter={({ options: items }) => items}
        maxValues={MAX_REVIEWERS}
        nothingFoundMessage={options.isFetching ? 'Searching…' : 'No reviewers found'}
        disabled={locked}
        clearable
        hidePickedOptions
      />
      {researchMatch && selected.length > 0 && (
        <Stack gap="xs" component="ul" aria-label="Reviewer roles" p={0} m={0} style={{ listStyle: 'none' }}>
          {selected.map((value) => {
            const assigned = current.find((reviewer) => String(reviewer.id) === value);
            return (
              <Group key={value} component="li" justify="space-between" wrap="wrap" gap="xs">
                <Text size="sm">{data.find((item) => item.value === value)?.label ?? `User ${value}`}</Text>
                <Group gap="xs" wrap="nowrap">
                  {assigned?.conflict_exists && (
                    <Badge color="red.9" variant="light">
                      Conflict declared
                    </Badge>
                  )}
                  {assigned?.progress && <Badge variant="light">{assigned.progress}</Badge>}
                  <NativeSelect
                    aria-label={`Role of ${data.find((item) => item.value === value)?.label ?? value}`}
                    size="xs"
                    disabled={locked}
                    value={String(roleOf(value))}
                    data={Object.entries(REVIEWER_TYPES).map(([role, label]) => ({ value: role, label }))}
                    onChange={(event) => {
                      const role = Number(event.currentTarget.value);
                      setRoles((previous) => new Map(previous).set(value, role));
                    }}
                  />
                </Group>
              </Group>
            );
          })}
        </Stack>
      )}
      {researchMatch && primaries > 1 && (
        <Text size="sm" c="red.9" role="alert">
          An application has only one primary reviewer.
        </Text>
      )}
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button
          onClick={() => void submit()}
          disabled={!changed || locked || (researchMatch && primaries > 1)}
          loading={save.isPending}
        >
          Save Reviewers
        </Button>
      </Group>
    </>
  );
}
