import { useEffect, useRef, useState } from 'react';
import {
  Alert,
  Button,
  Group,
  Modal,
  NativeSelect,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  TagsInput,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import {
  formatDate,
  MAX_KEYWORDS,
  parseRmIds,
  type RequestSummaryDto,
  type RmBaseUsersDto,
  type UpdateRequestSummaryInput,
} from '@rrp/domain';
import { ApiError } from '@/lib/api-client';
import { editConflictOf, openEditConflictDialog } from '@/components/edit-conflict';
import {
  requestsUsingBase,
  useOverwriteSummary,
  useReloadSummary,
  useRequestSummary,
  useSaveSummary,
} from '@/components/request-summary-api';
import { Field } from '@/components/field';

/** Score and notes autosave after 1 s without typing (staff §5, §9). */
const SUMMARY_AUTOSAVE_MS = 1000;

type Draft = Partial<Record<keyof UpdateRequestSummaryInput, unknown>>;

const TEXTS: {
  key: keyof RequestSummaryDto & keyof UpdateRequestSummaryInput;
  label: string;
  long?: boolean;
}[] = [
  { key: 'scientific_title', label: 'Scientific title' },
  { key: 'scientific_abstract', label: 'Scientific abstract', long: true },
  { key: 'research_aim', label: 'Research aim', long: true },
  { key: 'hypotheses', label: 'Hypotheses', long: true },
  { key: 'principalInvestigator', label: 'Principal investigator' },
  { key: 'email', label: 'E-mail' },
  { key: 'institution', label: 'Institution' },
  { key: 'irb_status_comments', label: 'IRB status comments', long: true },
  { key: 'region', label: 'Region' },
  { key: 'std_instruments', label: 'Standardized instruments', long: true },
  { key: 'build_preference', label: 'Build preference' },
  { key: 'genetic_request', label: 'Genetic request', long: true },
  { key: 'procedure', label: 'Procedure', long: true },
  { key: 'time_required', label: 'Time required' },
  { key: 'justification', label: 'Justification', long: true },
  { key: 'incl_criteria', label: 'Inclusion criteria', long: true },
  { key: 'excl_criteria', label: 'Exclusion criteria', long: true },
  { key: 'feedback', label: 'Feedback to participants', long: true },
  { key: 'funding', label: 'Funding', long: true },
  { key: 'risks', label: 'Risks', long: true },
  { key: 'stakeholder_feedback', label: 'Stakeholder feedback', long: true },
  { key: 'considerations', label: 'Considerations', long: true },
];
const LISTS = [
  { key: 'study_type', label: 'Study type' },
  { key: 'category', label: 'Category' },
  { key: 'keywords', label: `Keywords (up to ${MAX_KEYWORDS})` },
  { key: 'cohort', label: 'Cohort' },
] as const;

/** The fields' labels, for the conflict dialog's table. */
const SUMMARY_LABELS: Record<string, string> = {
  due_date: 'Review due date',
  irb_status: 'IRB status',
  meeting_notes: 'Meeting notes',
  rm_ids: 'Research Match IDs',
  ...Object.fromEntries([...TEXTS, ...LISTS].map(({ key, label }) => [key, label])),
};

/**
 * The RM ids of the summary (staff §5): checked as typed; when other requests use the base, a
 * confirmation lists them with 'Use {base}' or Cancel before the ids are saved.
 */
function RmIds({ summary, requestId }: { summary: RequestSummaryDto; requestId: number }) {
  const [ids, setIds] = useState<string[]>(summary.rm_ids);
  const [error, setError] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<RmBaseUsersDto | null>(null);
  const save = useSaveSummary(requestId);
  const store = (list: string[]) =>
    save.mutate(
      { rm_ids: list },
      {
        onSuccess: (saved) => setIds(saved.rm_ids),
        onError: (failure) => setError(failure instanceof ApiError ? failure.summary : String(failure)),
      },
    );
  const submit = async () => {
    const parsed = parseRmIds(ids);
    if ('error' in parsed) return setError(parsed.error);
    setError(null);
    if (parsed.base) {
      const users = await requestsUsingBase(requestId, parsed.base);
      if (users.requests.length > 0) return setConfirm(users);
    }
    store(parsed.ids);
  };
  return (
    <Stack gap="xs">
      <TagsInput
        label="Research Match IDs"
        description="RM plus 4 digits, all with the same base (e.g. RM0001, RM0001-B)."
        value={ids}
        onChange={(next) => {
          setIds(next);
          setError(null);
        }}
        splitChars={[',', ' ']}
        clearable
        error={error}
      />
      <Group>
        <Button variant="light" size="compact-sm" onClick={() => void submit()} loading={save.isPending}>
          Save RM IDs
        </Button>
      </Group>
      <Modal
        opened={confirm !== null}
        onClose={() => setConfirm(null)}
        title={`${confirm?.base ?? ''} is used by other requests`}
        size="lg"
      >
        <Stack>
          <div style={{ overflowX: 'auto' }}>
            <Table aria-label="Requests using this base">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Request</Table.Th>
                  <Table.Th>ID</Table.Th>
                  <Table.Th>Researcher</Table.Th>
                  <Table.Th>Institution</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {confirm?.requests.map((row) => (
                  <Table.Tr key={row.id}>
                    <Table.Td>{row.portal_request_id}</Table.Td>
                    <Table.Td>{row.rm_ids.join(', ')}</Table.Td>
                    <Table.Td>{row.researcher}</Table.Td>
                    <Table.Td>{row.institution ?? '—'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </div>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirm(null)}>
              Cancel
            </Button>
            <Button
              onClick={() => {
                setConfirm(null);
                const parsed = parseRmIds(ids);
                if (!('error' in parsed)) store(parsed.ids);
              }}
            >
              Use {confirm?.base}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

/** The summary as reviewers and read-only staff see it. */
function ReadOnlySummary({ summary }: { summary: RequestSummaryDto }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <Field label="Due date">{summary.due_date ? formatDate(summary.due_date) : null}</Field>
      <Field label="Research Match IDs">{summary.rm_ids.join(', ')}</Field>
      {TEXTS.map(({ key, label }) => (
        <Field key={key} label={label}>
          {summary[key] as string}
        </Field>
      ))}
      {LISTS.map(({ key, label }) => (
        <Field key={key} label={label}>
          {summary[key].join(', ')}
        </Field>
      ))}
      <Field label="IRB status">{summary.irb_status_name}</Field>
    </SimpleGrid>
  );
}

/**
 * The Summary tab of a Research Match application (staff only; staff §3): admins edit it and each
 * change is saved 1 s after typing stops, with the save state announced; others read it.
 */
export function SummaryTab({ requestId }: { requestId: number }) {
  const summary = useRequestSummary(requestId, true);
  const save = useSaveSummary(requestId, { versioned: true });
  const overwrite = useOverwriteSummary(requestId);
  const reload = useReloadSummary(requestId);
  const [draft, setDraft] = useState<Draft>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [state, setState] = useState<'idle' | 'pending' | 'saving' | 'saved' | 'error'>('idle');
  const pending = useRef<Draft>({});
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  if (summary.isError) return <Alert color="red">The summary could not be loaded.</Alert>;
  if (!summary.data) return <Skeleton h={240} />;
  const data = summary.data;
  const editable = data.permissions.includes('update');

  const flush = () => {
    const body = pending.current as UpdateRequestSummaryInput;
    pending.current = {};
    if (Object.keys(body).length === 0) return;
    setState('saving');
    const saved = () => {
      setState('saved');
      setErrors({});
    };
    const failed = (failure: unknown) => {
      setState('error');
      if (failure instanceof ApiError) setErrors(failure.fieldErrors);
    };
    save.mutate(body, {
      onSuccess: saved,
      onError: (failure) => {
        const conflict = editConflictOf(failure);
        if (!conflict) return failed(failure);
        setState('pending');
        openEditConflictDialog({
          conflict,
          mine: body,
          labels: SUMMARY_LABELS,
          onReload: () => {
            setDraft({});
            setState('idle');
            void reload();
          },
          onOverwrite: (etag) => {
            setState('saving');
            overwrite.mutate({ body, etag }, { onSuccess: saved, onError: failed });
          },
        });
      },
    });
  };
  const change = (key: keyof UpdateRequestSummaryInput, value: unknown) => {
    setDraft((current) => ({ ...current, [key]: value }));
    pending.current = { ...pending.current, [key]: value };
    setState('pending');
    clearTimeout(timer.current);
    timer.current = setTimeout(flush, SUMMARY_AUTOSAVE_MS);
  };
  const value = <K extends keyof RequestSummaryDto & keyof UpdateRequestSummaryInput>(key: K) =>
    (key in draft ? draft[key] : data[key]) as RequestSummaryDto[K];

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2} fz="lg">
          Summary
        </Title>
        {editable && (
          <Text size="sm" role="status" c={state === 'error' ? 'red.9' : 'gray.7'}>
            {state === 'saving'
              ? 'Saving…'
              : state === 'saved'
                ? 'All changes saved'
                : state === 'pending'
                  ? 'Unsaved changes'
                  : state === 'error'
                    ? 'Not saved: fix the fields marked'
                    : ''}
          </Text>
        )}
      </Group>
      {!editable ? (
        <ReadOnlySummary summary={data} />
      ) : (
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              type="date"
              label="Review due date"
              value={String(value('due_date') ?? '').slice(0, 10)}
              onChange={(event) => change('due_date', event.currentTarget.value || null)}
              error={errors.due_date}
            />
            <NativeSelect
              label="IRB status"
              value={String(value('irb_status') ?? '')}
              data={[
                { value: '', label: 'Not set' },
                { value: '1', label: 'Fully approved' },
                { value: '2', label: 'Partially approved' },
              ]}
              onChange={(event) =>
                change('irb_status', event.currentTarget.value ? Number(event.currentTarget.value) : null)
              }
              error={errors.irb_status}
            />
          </SimpleGrid>
          <RmIds summary={data} requestId={requestId} />
          <Textarea
            label="Meeting notes"
            description="Seen by administrators only."
            autosize
            minRows={3}
            value={String(value('meeting_notes') ?? '')}
            onChange={(event) => change('meeting_notes', event.currentTarget.value)}
            error={errors.meeting_notes}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {LISTS.map(({ key, label }) => (
              <TagsInput
                key={key}
                label={label}
                value={value(key)}
                maxTags={key === 'keywords' ? MAX_KEYWORDS : undefined}
                onChange={(next) => change(key, next)}
                error={errors[key]}
              />
            ))}
          </SimpleGrid>
          {TEXTS.map(({ key, label, long }) =>
            long ? (
              <Textarea
                key={key}
                label={label}
                autosize
                minRows={2}
                value={String(value(key) ?? '')}
                onChange={(event) => change(key, event.currentTarget.value)}
                error={errors[key]}
              />
            ) : (
              <TextInput
                key={key}
                label={label}
                value={String(value(key) ?? '')}
                onChange={(event) => change(key, event.currentTarget.value)}
                error={errors[key]}
              />
            ),
          )}
        </Stack>
      )}
    </Stack>
  );
}
