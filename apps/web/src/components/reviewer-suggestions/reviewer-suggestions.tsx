import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { QueryKey } from '@tanstack/react-query';
import type { ReviewerSuggestion } from '@rrp/domain';
import { ApiError } from '@/lib/api-client';
import { useAssignReviewer, useReviewerSuggestions } from './api';
import { ConflictDialog } from './conflict-dialog';
import { ConflictList } from './conflict-list';
import { groupNames, LoadFacts } from './load';

/** Suggestions shown at first, and after "Show more". */
const FIRST = 5;
const MORE = 20;

/**
 * One request's reviewer assignment assistant (issue 33), as each assignment screen configures it:
 * which request, who is assigned now, the heading's level and id, and what else to read again
 * after an assignment (the Begin Review draft). Suggestions come ranked by the server; an
 * unflagged reviewer is assigned at once, a flagged one after the conflict dialog's reason.
 */
export function ReviewerSuggestions({
  request,
  assigned,
  headingOrder = 3,
  headingId,
  refresh,
  disabled = false,
  title = 'Suggested reviewers',
  focusOnOpen = false,
}: {
  request: { id: number; label: string };
  /** The ids of the reviewers assigned now (kept when one is added). */
  assigned: readonly number[];
  headingOrder?: 2 | 3 | 4;
  headingId: string;
  refresh?: readonly QueryKey[];
  /** Assignments closed (a rejected request's reviewers are locked). */
  disabled?: boolean;
  title?: string;
  /** Opened by a button elsewhere on the screen: focus (and scroll to) the heading. */
  focusOnOpen?: boolean;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusOnOpen) heading.current?.focus();
  }, [focusOnOpen, request.id]);
  const [limit, setLimit] = useState(FIRST);
  const suggestions = useReviewerSuggestions(request.id, limit);
  const assign = useAssignReviewer(request.id, refresh);
  const [flagged, setFlagged] = useState<ReviewerSuggestion | null>(null);
  const [assigning, setAssigning] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [dialogError, setDialogError] = useState<string | null>(null);

  async function assignReviewer(suggestion: ReviewerSuggestion, reason?: string) {
    setError(null);
    setDialogError(null);
    setAssigning(suggestion.user.id);
    try {
      await assign.mutateAsync({ assigned, user: suggestion.user.id, reason });
      setFlagged(null);
      notifications.show({
        color: 'green',
        message: `${suggestion.user.display_name} assigned to ${request.label}.`,
        closeButtonProps: { 'aria-label': 'Close' },
      });
    } catch (caught) {
      const message =
        caught instanceof ApiError
          ? (caught.fieldErrors.conflict_reasons ?? caught.fieldErrors.users ?? caught.summary)
          : 'Assigning the reviewer failed.';
      if (reason === undefined) setError(message);
      else setDialogError(message);
    } finally {
      setAssigning(null);
    }
  }

  const results = suggestions.data?.results ?? [];
  return (
    <Stack gap="xs" component="section" aria-labelledby={headingId}>
      <Title order={headingOrder} fz="md" id={headingId} ref={heading} tabIndex={-1}>
        {title}
      </Title>
      <Text size="sm" c="gray.7">
        Reviewers of the groups this request allows, least loaded first; possible conflicts of interest are
        flagged.
      </Text>
      {suggestions.isError ? (
        <Alert color="red">The suggestions could not be loaded.</Alert>
      ) : !suggestions.data ? (
        <Skeleton h={120} />
      ) : results.length === 0 ? (
        <Text size="sm">No other reviewer to suggest: every active reviewer is assigned already.</Text>
      ) : (
        <Stack
          gap="xs"
          component="ul"
          aria-label="Suggested reviewers"
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
        >
          {results.map((suggestion) => (
            <SuggestionItem
              key={suggestion.user.id}
              suggestion={suggestion}
              disabled={disabled || assigning !== null}
              loading={assigning === suggestion.user.id && flagged === null}
              onAssign={() =>
                suggestion.conflicts.length > 0 ? setFlagged(suggestion) : void assignReviewer(suggestion)
              }
            />
          ))}
        </Stack>
      )}
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      {suggestions.data && results.length === limit && limit < MORE && (
        <Group>
          <Button variant="subtle" onClick={() => setLimit(MORE)}>
            Show more suggestions
          </Button>
        </Group>
      )}
      <ConflictDialog
        // A new dialog for each reviewer starts without the previous one's reason.
        key={flagged?.user.id ?? 'closed'}
        suggestion={flagged}
        requestLabel={request.label}
        pending={assign.isPending}
        error={dialogError}
        onConfirm={(reason) => flagged && void assignReviewer(flagged, reason)}
        onClose={() => {
          setFlagged(null);
          setDialogError(null);
        }}
      />
    </Stack>
  );
}

function SuggestionItem({
  suggestion,
  disabled,
  loading,
  onAssign,
}: {
  suggestion: ReviewerSuggestion;
  disabled: boolean;
  loading: boolean;
  onAssign: () => void;
}) {
  const { user } = suggestion;
  const flagged = suggestion.conflicts.length > 0;
  return (
    <Paper component="li" withBorder p="sm" radius="sm">
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text size="sm" fw={600}>
              {user.display_name}
            </Text>
            <Text size="xs" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
              {[user.email, user.institution?.name, groupNames(suggestion.groups)]
                .filter(Boolean)
                .join(' · ')}
            </Text>
          </Stack>
          <Button
            size="xs"
            variant={flagged ? 'outline' : 'filled'}
            color={flagged ? 'red.9' : undefined}
            onClick={onAssign}
            disabled={disabled}
            loading={loading}
            aria-label={`Assign ${user.display_name}`}
          >
            Assign
          </Button>
        </Group>
        <LoadFacts load={suggestion} />
        {flagged && <ConflictList conflicts={suggestion.conflicts} />}
      </Stack>
    </Paper>
  );
}
