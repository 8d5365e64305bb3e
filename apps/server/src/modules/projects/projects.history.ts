import {
  AUTISM_QUESTION,
  IRB_DESIGNATIONS,
  teamRoleName,
  type Actor,
  type HistoryFieldDto,
} from '@rrp/domain';
import type { DbOrTx } from '../../platform/db/database';
import { recordHistory } from '../../platform/history';
import {
  text,
  valueParts,
  type HistoryFormat,
  type NameBook,
  type RefKind,
  type Snapshot,
} from '../../platform/history-format';
import { projectSnapshot } from './projects.repo';

interface IrbSnapshot {
  name?: string;
  designation?: number | null;
  approval_date?: string | null;
  renewal_date?: string | null;
  assurance_number?: string | null;
}
interface TeamSnapshot {
  email?: string;
  first_name?: string;
  last_name?: string;
  user_role?: number;
  institution?: number | null;
  active?: boolean;
}

const IRB_SECTION = 'IRB';
const irbOf = (data: Snapshot): IrbSnapshot =>
  data.latest_irb && typeof data.latest_irb === 'object' ? (data.latest_irb as IrbSnapshot) : {};
const teamOf = (data: Snapshot): TeamSnapshot[] =>
  Array.isArray(data.team) ? (data.team as TeamSnapshot[]) : [];

/** The IRB record the project pointed at in this version: its document, designation and dates. */
function irbFields(data: Snapshot): HistoryFieldDto[] {
  const irb = irbOf(data);
  const field = (key: string, label: string, value: HistoryFieldDto['value']): HistoryFieldDto => ({
    key: `irb.${key}`,
    label,
    section: IRB_SECTION,
    value,
    long: false,
  });
  const designation = irb.designation
    ? IRB_DESIGNATIONS[irb.designation as keyof typeof IRB_DESIGNATIONS]
    : null;
  return [
    field('document', 'IRB document', valueParts(irb.name ?? null)),
    field('designation', 'Designation', valueParts(designation ?? null)),
    field('approval_date', 'Approval date', valueParts(irb.approval_date ?? null, 'date')),
    field('renewal_date', 'Renewal date', valueParts(irb.renewal_date ?? null, 'date')),
    field('assurance_number', 'Assurance number', valueParts(irb.assurance_number ?? null)),
  ];
}

/** The research team of this version, one person per line: name, e-mail, role, institution, whether inactive. */
function teamField(data: Snapshot, names: NameBook): HistoryFieldDto {
  return {
    key: 'team',
    label: 'Research team',
    section: null,
    long: true,
    value: teamOf(data).map((member) => {
      const name = `${member.first_name ?? ''} ${member.last_name ?? ''}`.trim();
      const role = member.user_role ? teamRoleName(member.user_role) : null;
      const institution =
        typeof member.institution === 'number' ? names.get('institution', member.institution)?.name : null;
      const about = [role, institution].filter(Boolean).join(', ');
      return text(
        [
          name || member.email,
          name ? `(${member.email})` : null,
          about ? `— ${about}` : null,
          member.active === false ? '(inactive)' : null,
        ]
          .filter(Boolean)
          .join(' '),
      );
    }),
  };
}

/**
 * A project's audit trail (researcher §2 "Audit trail"): what the project page shows, in its
 * order — title and abstract, the autism answer, who it belongs to, its team and its IRB.
 */
export const projectHistoryFormat: HistoryFormat = {
  fields: [
    { key: 'title', label: 'Title' },
    { key: 'abstract', label: 'Abstract', as: 'long' },
    { key: 'publicTitle', label: 'Public title' },
    { key: 'publicAbstract', label: 'Public abstract', as: 'long' },
    { key: 'nonAutismResearch', label: AUTISM_QUESTION, choices: { true: 'No', false: 'Yes' } },
    { key: 'ownerId', label: 'Principal Investigator', ref: 'user' },
    { key: 'creatorId', label: 'Created by', ref: 'user' },
    { key: 'institutionId', label: 'Institution', ref: 'institution' },
    {
      computed: (data, names) => [teamField(data, names)],
      sourceKeys: ['team'],
      refs: (data) =>
        teamOf(data)
          .map((member) => member.institution)
          .filter((id): id is number => typeof id === 'number')
          .map((id): [RefKind, number] => ['institution', id]),
    },
    { computed: irbFields, sourceKeys: ['latest_irb', 'latestIrbId'] },
  ],
};

/**
 * Records a change of the project in its audit trail: `before` as the project was, and its
 * version now (row, team and IRB); an update that changed nothing writes nothing.
 */
export async function recordProjectHistory(
  tx: DbOrTx,
  projectId: number,
  action: 'create' | 'update',
  before: Record<string, unknown> | null,
  by: Pick<Actor, 'userId' | 'impersonatorId'>,
) {
  await recordHistory(tx, {
    model: 'project',
    objectId: projectId,
    action,
    before,
    after: await projectSnapshot(tx, projectId),
    by,
  });
}
