import { answerText } from '@rrp/domain/forms';
import type { HistoryFieldDto, HistoryValueDto } from '@rrp/domain';

/**
 * How audit trails read (decision 126): a version's snapshot, as stored by `recordHistory`,
 * becomes labelled fields in the order people read them, related objects by name with a link,
 * internal bookkeeping left out. Each audited model describes its snapshot with a `HistoryFormat`
 * (the module that owns the model registers it with the history service, which presents every
 * trail); models without one are shown field by field with readable labels.
 */

/** Kinds of objects a snapshot refers to by id. */
export type RefKind =
  'user' | 'project' | 'institution' | 'dataset' | 'sampletype' | 'cohort' | 'request' | 'file';

/** A related object's name, its page (null when it has none), and its form code (sample types). */
export interface RefName {
  name: string;
  href: string | null;
  code?: string | null;
}

/** The names of the objects a page of history refers to, loaded in one go. */
export interface NameBook {
  get(kind: RefKind, id: number): RefName | undefined;
}

export type Snapshot = Record<string, unknown>;

interface SpecBase {
  key: string;
  label: string;
  /** Read only by staff with the History grant (e.g. who reviews a request). */
  staffOnly?: boolean;
  /** The group it is shown in; null (the default) for the object's own fields, which come first. */
  section?: string;
}
/** How a snapshot field is written: plain, long text, Yes/No, a date, a date and time. */
export type ValueStyle = 'text' | 'long' | 'date' | 'datetime';
type FieldSpec = SpecBase &
  (
    | { as?: ValueStyle }
    /** A code with a name (statuses, types). */
    | { choices: Readonly<Record<string, string>> }
    /** An id, or a list of ids, of related objects. */
    | { ref: RefKind }
  );

/** Fields computed from several snapshot keys (e.g. a request's form answers), at their place. */
interface ComputedSpec {
  computed: (data: Snapshot, names: NameBook) => HistoryFieldDto[];
  /** The snapshot keys it reads (kept in `data` for readers without the History grant). */
  sourceKeys: readonly string[];
  /** The related objects it names. */
  refs?: (data: Snapshot) => [RefKind, number][];
  staffOnly?: boolean;
}

export interface HistoryFormat {
  /** In display order; snapshot keys no spec names are not shown. */
  fields: readonly (FieldSpec | ComputedSpec)[];
}

const isComputed = (spec: FieldSpec | ComputedSpec): spec is ComputedSpec => 'computed' in spec;

const ISO_MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

export const text = (value: string): HistoryValueDto => ({ kind: 'text', text: value });

/** A stored value as parts people read; nothing for an empty value. */
export function valueParts(value: unknown, style: ValueStyle = 'text'): HistoryValueDto[] {
  if (value === null || value === undefined || value === '') return [];
  if (Array.isArray(value)) return value.flatMap((item) => valueParts(item, style));
  if (typeof value === 'boolean') return [text(value ? 'Yes' : 'No')];
  if (value instanceof Date) return [{ kind: 'date', value: value.toISOString(), time: style !== 'date' }];
  if (typeof value === 'string' && (style === 'date' || style === 'datetime' || ISO_MOMENT.test(value)))
    return [{ kind: 'date', value, time: style !== 'date' && ISO_MOMENT.test(value) }];
  if (typeof value === 'object') {
    const written = answerText(value);
    return written === '' ? [] : [text(written)];
  }
  return [text(String(value))];
}

const ids = (value: unknown): number[] =>
  (Array.isArray(value) ? value : [value]).filter((item): item is number => typeof item === 'number');

const KIND_NAMES: Record<RefKind, string> = {
  user: 'User',
  project: 'Project',
  institution: 'Institution',
  dataset: 'Dataset',
  sampletype: 'Sample type',
  cohort: 'Cohort',
  request: 'Request',
  file: 'File',
};

/** A related object by name, with a link to its page when it has one. */
export function refPart(names: NameBook, kind: RefKind, id: number, note?: string): HistoryValueDto {
  const found = names.get(kind, id);
  if (!found) return text(`${KIND_NAMES[kind]} no longer in the portal`);
  if (found.href === null) return text(note ? `${found.name} (${note})` : found.name);
  return { kind: 'link', text: found.name, href: found.href, ...(note ? { note } : {}) };
}

/** Every related object a snapshot names under a format. */
export function refsOf(format: HistoryFormat, data: Snapshot): [RefKind, number][] {
  return format.fields.flatMap((spec): [RefKind, number][] => {
    if (isComputed(spec)) return spec.refs?.(data) ?? [];
    return 'ref' in spec ? ids(data[spec.key]).map((id) => [spec.ref, id]) : [];
  });
}

/** 'zendeskTicketIds' -> 'Zendesk ticket ids', for models without a format. */
export function humanize(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Bookkeeping no reader needs to see: the row's id and its timestamps. */
const BOOKKEEPING = new Set(['id', 'created', 'modified']);

/** The format of a model nobody described: every field but bookkeeping, labelled from its key. */
export function fallbackFormat(data: Snapshot): HistoryFormat {
  return {
    fields: Object.keys(data)
      .filter((key) => !BOOKKEEPING.has(key))
      .sort()
      .map((key) => ({ key, label: humanize(key) })),
  };
}

/** The fields of one version, as the reader may see them. */
export function presentFields(
  format: HistoryFormat,
  data: Snapshot,
  names: NameBook,
  staff: boolean,
): HistoryFieldDto[] {
  return format.fields.flatMap((spec): HistoryFieldDto[] => {
    if (spec.staffOnly && !staff) return [];
    if (isComputed(spec)) return spec.computed(data, names);
    const raw = data[spec.key];
    const value =
      'ref' in spec
        ? ids(raw).map((id) => refPart(names, spec.ref, id))
        : 'choices' in spec
          ? raw === null || raw === undefined
            ? []
            : [text(spec.choices[String(raw)] ?? String(raw))]
          : valueParts(raw, spec.as);
    return [
      {
        key: spec.key,
        label: spec.label,
        section: spec.section ?? null,
        value,
        long: 'as' in spec && spec.as === 'long',
      },
    ];
  });
}

/** The snapshot keys a reader without the History grant may receive in `data`. */
export function visibleKeys(format: HistoryFormat): Set<string> {
  return new Set(
    format.fields
      .filter((spec) => !spec.staffOnly)
      .flatMap((spec) => (isComputed(spec) ? spec.sourceKeys : [spec.key])),
  );
}

/** The key prefix of what one version notes beside the object's fields (never listed as changed). */
export const NOTE_KEY = 'note:';

/** Labels of the fields whose values differ between two versions, in display order. */
export function changedLabels(before: HistoryFieldDto[], after: HistoryFieldDto[]): string[] {
  const previous = new Map(before.map((field) => [field.key, JSON.stringify(field.value)]));
  const keys = new Set(after.map((field) => field.key));
  const labels = after
    .filter((field) => !field.key.startsWith(NOTE_KEY))
    .filter((field) => (previous.get(field.key) ?? '[]') !== JSON.stringify(field.value))
    .map((field) => field.label);
  // Fields that had a value before and are gone now (an answer removed) changed too. A note of one
  // version (`note:` keys, e.g. why a flagged reviewer was assigned) is shown with it but is no
  // change of the object, neither where it appears nor where it is gone.
  const removed = before
    .filter((field) => !keys.has(field.key) && field.value.length > 0 && !field.key.startsWith(NOTE_KEY))
    .map((field) => field.label);
  return [...new Set([...labels, ...removed])];
}
