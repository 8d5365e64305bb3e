import { Button, Group, Stack, Table, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { StaleVersion } from '@rrp/domain';
import { ApiError } from '@/lib/api-client';

/** A save refused because someone else changed the object since this screen read it (a 412). */
export interface EditConflict {
  /** The object as it is now. */
  current: Record<string, unknown>;
  changedBy: StaleVersion['changed_by'];
  changedAt: string | null;
  /** Its version now: resending with it overwrites their change on purpose. */
  etag: string | null;
}

/** The conflict a failed save met, or null when it failed for another reason. */
export function editConflictOf(failure: unknown): EditConflict | null {
  if (!(failure instanceof ApiError) || failure.status !== 412) return null;
  const body = failure.body as Partial<StaleVersion>;
  return {
    current: (body.current ?? {}) as Record<string, unknown>,
    changedBy: body.changed_by ?? null,
    changedAt: body.changed_at ?? null,
    etag: failure.etag,
  };
}

function shown(value: unknown): string {
  if (value === null || value === undefined || value === '') return '(empty)';
  if (Array.isArray(value)) return value.length === 0 ? '(empty)' : value.map(shown).join(', ');
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The fields of `mine` whose value differs from theirs, labelled. */
function conflictingFields(
  conflict: EditConflict,
  mine: Record<string, unknown>,
  labels: Record<string, string> = {},
) {
  return Object.entries(mine)
    .filter(([key, value]) => !same(value, conflict.current[key]))
    .map(([key, value]) => ({
      key,
      label: labels[key] ?? key.replaceAll('_', ' ').replace(/^./, (c) => c.toUpperCase()),
      theirs: shown(conflict.current[key]),
      yours: shown(value),
    }));
}

function changedLine(conflict: EditConflict): string {
  const who = conflict.changedBy?.display_name || 'someone else';
  const when = conflict.changedAt
    ? new Date(conflict.changedAt).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })
    : null;
  return `Changed by ${who}${when ? ` at ${when}` : ''} since you opened it`;
}

/**
 * The one dialog of a save that met someone else's change (issue 33): who changed it and when,
 * their values beside yours for each field that differs, and two ways on: reload (take theirs,
 * discard mine) or overwrite on purpose (resend mine with their version).
 */
export function openEditConflictDialog(options: {
  conflict: EditConflict;
  mine: Record<string, unknown>;
  labels?: Record<string, string>;
  onReload: () => void;
  onOverwrite: (etag: string | null) => void;
  /** Closed without a choice (Escape, the close button): nothing is saved, the form keeps what was typed. */
  onDismiss?: () => void;
}) {
  const { conflict } = options;
  const rows = conflictingFields(conflict, options.mine, options.labels);
  // The modal's onClose runs on every close, a button's own included.
  let chosen = false;
  const choose = (then: () => void) => {
    chosen = true;
    modals.close(id);
    then();
  };
  const id = modals.open({
    title: <Text fw={700}>Someone else saved this first</Text>,
    // Wide enough for their value and yours side by side, and both buttons on one line.
    size: 'lg',
    closeOnClickOutside: false,
    onClose: () => {
      if (!chosen) options.onDismiss?.();
    },
    children: (
      <Stack>
        <Text role="alert">{changedLine(conflict)}.</Text>
        {rows.length > 0 ? (
          <Table withTableBorder layout="fixed" style={{ overflowWrap: 'anywhere' }}>
            <Table.Caption>Fields where their version and yours differ</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Field</Table.Th>
                <Table.Th scope="col">Theirs</Table.Th>
                <Table.Th scope="col">Yours</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.key}>
                  <Table.Th scope="row" fw={500}>
                    {row.label}
                  </Table.Th>
                  <Table.Td>{row.theirs}</Table.Td>
                  <Table.Td>{row.yours}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : (
          <Text size="sm">Your changes match theirs.</Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => choose(options.onReload)}>
            Reload theirs (discard mine)
          </Button>
          <Button color="red" onClick={() => choose(() => options.onOverwrite(conflict.etag))}>
            Overwrite with mine
          </Button>
        </Group>
      </Stack>
    ),
  });
  return id;
}
