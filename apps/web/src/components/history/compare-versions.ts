import type { HistoryEntryDto, HistoryFieldDto } from '@rrp/domain';

interface FieldChange {
  key: string;
  label: string;
  section: string | null;
  before: HistoryFieldDto | undefined;
  after: HistoryFieldDto | undefined;
}

const same = (a: HistoryFieldDto | undefined, b: HistoryFieldDto | undefined) =>
  JSON.stringify(a?.value ?? []) === JSON.stringify(b?.value ?? []);

/**
 * The fields whose values differ between two versions (researcher §2 "field-by-field version
 * comparison"), in the later version's order, then fields only the earlier one had; the object's own
 * fields first, then each section's.
 */
export function compareVersions(before: HistoryFieldDto[], after: HistoryFieldDto[]): FieldChange[] {
  const earlier = new Map(before.map((field) => [field.key, field]));
  const later = new Map(after.map((field) => [field.key, field]));
  const keys = [...new Set([...after.map((field) => field.key), ...before.map((field) => field.key)])];
  const changes = keys
    .filter((key) => !same(earlier.get(key), later.get(key)))
    .map((key) => {
      const field = (later.get(key) ?? earlier.get(key))!;
      return {
        key,
        label: field.label,
        section: field.section,
        before: earlier.get(key),
        after: later.get(key),
      };
    });
  // The object's own fields first, then each section's together (a dropped answer joins its form's).
  const sections = [...new Set(changes.map((change) => change.section))].filter(
    (section) => section !== null,
  );
  const rank = (change: FieldChange) => (change.section === null ? -1 : sections.indexOf(change.section));
  return changes.sort((a, b) => rank(a) - rank(b));
}

/** 'Created by', 'Modified by' or 'Deleted by' (researcher §2 "Audit trail"). */
export function entryVerb(entry: Pick<HistoryEntryDto, 'action'>, first: boolean): string {
  if (entry.action === 'delete') return 'Deleted by';
  return first && entry.action === 'create' ? 'Created by' : 'Modified by';
}

/** Who made a change: their name (or e-mail), or 'System' for seeds and jobs. */
export function modifierName(entry: Pick<HistoryEntryDto, 'modifier'>): string {
  return entry.modifier && typeof entry.modifier === 'object'
    ? entry.modifier.full_name || entry.modifier.email
    : 'System';
}
