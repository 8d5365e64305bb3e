import {
  APPROVAL_NOTICE_STATUSES,
  can,
  DATASET_TYPES,
  IRB_DESIGNATIONS,
  REQUEST_DOCUMENT_MESSAGES,
  REQUEST_STATUSES,
  REQUEST_TYPE,
  RESEARCH_TEAM_ROLES,
  USAGE_QUESTIONS,
  type Actor,
  type DatasetTypeId,
  type RequestDatasetRef,
  type RequestDocumentKind,
  type RequestDto,
} from '@rrp/domain';
import type { Field, FieldOption, FormSchema } from '@rrp/domain/forms';
import type { Db } from '../../platform/db/database';
import { ForbiddenError, ValidationError } from '../../platform/http/errors';
import type { FormsService } from '../forms/forms.service';
import { PdfWriter } from './request-pdf';
import * as repo from './request-documents.repo';
import type { RequestsService } from '../requests/requests.service';

/** A generated document: its file name and bytes. */
export interface RequestDocument {
  name: string;
  content: Buffer;
}

const EXPAND: ReadonlySet<string> = new Set(['project', 'datasets']);

/** 'March 3, 2026' (UTC), or null for no date. */
function formatDate(value: string | Date | null | undefined): string | null {
  if (!value) return null;
  const date =
    typeof value === 'string' ? new Date(value.length === 10 ? `${value}T12:00:00Z` : value) : value;
  if (Number.isNaN(date.getTime())) return null;
  return date.toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

const yesNo = (value: boolean | null | undefined, none = 'Not answered') =>
  value === true ? 'Yes' : value === false ? 'No' : none;

/** A safe file-name part: letters, digits, dashes. */
const slug = (text: string) => text.replace(/[^A-Za-z0-9-]+/g, '-').replace(/^-+|-+$/g, '') || 'request';

function optionLabel(options: readonly FieldOption[] | undefined, value: unknown): string {
  for (const option of options ?? []) {
    if (option.value === value) return option.label;
    const nested = optionLabel(option.children, value);
    if (nested !== String(value)) return nested;
  }
  return String(value);
}

function answerText(field: Field, value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (Array.isArray(value) && value.length === 0) return null;
  switch (field.type) {
    case 'radio':
    case 'checktree':
    case 'combobox': {
      const options = 'options' in field ? field.options : undefined;
      const values = Array.isArray(value) ? value : [value];
      return values.map((entry) => optionLabel(options, entry)).join(', ');
    }
    case 'number':
      return `${String(value)}${field.unit ? ` ${field.unit}` : ''}`;
    case 'date':
      return formatDate(String(value)) ?? String(value);
    case 'range':
      return Array.isArray(value) ? value.join(' to ') : String(value);
    case 'file':
      return (Array.isArray(value) ? value : [value]).map((entry) => `file ${String(entry)}`).join(', ');
    default:
      if (typeof value === 'boolean') return value ? 'Yes' : 'No';
      if (Array.isArray(value)) return value.map(String).join(', ');
      return typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
}

/**
 * A form's answers as label/answer rows in the form's order, follow-ups under their question and
 * subform rows numbered; unanswered questions are left out.
 */
function formAnswerRows(
  fields: readonly Field[],
  values: Record<string, unknown>,
  prefix = '',
): [string, string][] {
  const rows: [string, string][] = [];
  for (const field of fields) {
    if (field.type === 'header' || field.type === 'divider' || field.type === 'samples') continue;
    if (field.type === 'followUp') {
      rows.push(...formAnswerRows(field.fields, values, prefix));
      continue;
    }
    const value = values[field.key];
    if (field.type === 'subform') {
      if (!Array.isArray(value)) continue;
      value.forEach((row, index) => {
        if (row && typeof row === 'object')
          rows.push(
            ...formAnswerRows(field.fields, row as Record<string, unknown>, `${field.label} ${index + 1}: `),
          );
      });
      continue;
    }
    const text = answerText(field, value);
    if (text !== null) rows.push([`${prefix}${field.label}`, text]);
  }
  return rows;
}

const datasetRefs = (request: RequestDto): RequestDatasetRef[] =>
  request.datasets.filter((entry): entry is RequestDatasetRef => typeof entry === 'object');

const projectOf = (request: RequestDto) => (typeof request.project === 'object' ? request.project : null);

const ownerEmail = (request: RequestDto) =>
  request.access_control_list.find((entry) => entry.user_id === request.owner.id)?.email ?? null;

/**
 * The approval notice and the application of a request as PDFs (researcher §7 "Downloads";
 * decision 077). Staff who read every request and the request's owner may download them; the
 * approval notice exists once the request is approved or fulfilled.
 */
export function createRequestDocumentsService(deps: {
  db: Db;
  requests: RequestsService;
  forms: FormsService;
  productName: string;
  supportEmail: string;
}) {
  const { db, requests, forms, productName, supportEmail } = deps;

  /** A sample type's form, or null for a type without one. */
  function formOf(id: string): FormSchema | null {
    try {
      return forms.get(id);
    } catch {
      return null;
    }
  }

  /** The request as its reader sees it: 404 if they cannot read it, 403 if not its documents. */
  async function load(actor: Actor, id: number): Promise<RequestDto> {
    const request = await requests.get(actor, id, EXPAND);
    if (!can(actor, 'read', 'RequestDocument', { ownerId: request.owner.id })) throw new ForbiddenError();
    return request;
  }

  function resourceSection(pdf: PdfWriter, request: RequestDto) {
    const datasets = datasetRefs(request);
    if (request.type === REQUEST_TYPE.dataset || datasets.length > 0) {
      pdf.table(
        [
          { label: 'Dataset', share: 4 },
          { label: 'Type', share: 1.4 },
          { label: 'Cohort', share: 1.6 },
          { label: 'Version', share: 1 },
          { label: 'Accession ID', share: 2 },
        ],
        datasets.map((dataset) => [
          dataset.name,
          DATASET_TYPES[dataset.type as DatasetTypeId] ?? 'Other',
          dataset.cohort?.name ?? 'No Cohort',
          `v${dataset.version}`,
          dataset.accession_id ?? '',
        ]),
      );
    }
    if (request.sample_type) {
      pdf.field('Sample type', request.sample_type.name);
      const samples = Object.entries(
        (request.additional_data.samples as Record<string, unknown> | undefined) ?? {},
      );
      pdf.table(
        [
          { label: 'Sample ID', share: 2 },
          { label: 'Amount', share: 1 },
        ],
        samples.map(([sample, amount]) => [sample, String(amount)]),
      );
    }
  }

  async function approvalNotice(actor: Actor, id: number): Promise<RequestDocument> {
    const request = await load(actor, id);
    if (!APPROVAL_NOTICE_STATUSES.includes(request.status)) {
      throw new ValidationError({ non_field_errors: [REQUEST_DOCUMENT_MESSAGES.notApproved] });
    }
    const project = projectOf(request);
    const team = await repo.teamOfRequest(db, request.id, project?.id ?? 0);
    const pdf = await PdfWriter.create({
      title: `Approval Notice — ${request.portal_request_id}`,
      subject: `The decision on resource request ${request.portal_request_id}`,
      producer: productName,
      footer: `${productName} · Approval Notice · ${request.portal_request_id}`,
    });
    const decided = formatDate(request.decision_date);
    pdf.title('Approval Notice', `${productName} · Resource request ${request.portal_request_id}`);
    pdf.paragraph(
      `This notice confirms that resource request ${request.portal_request_id}` +
        (request.display_name ? ` (${request.display_name})` : '') +
        ` was approved${decided ? ` on ${decided}` : ''}` +
        (request.status === 7 ? ' and has been fulfilled.' : '.'),
      { size: 11 },
    );
    pdf.heading('Decision');
    pdf.field('Request ID', request.portal_request_id);
    pdf.field('Status', request.status_name);
    pdf.field('Decision date', decided);
    pdf.field(
      'Expiration date',
      formatDate(request.expiration_date) ?? 'Set when the request is fulfilled (3 years later)',
    );
    pdf.field('Request type', request.type_name);
    pdf.heading('Principal Investigator and Project');
    pdf.field('Principal Investigator', request.owner.display_name);
    pdf.field('E-mail', ownerEmail(request));
    pdf.field('Institution', request.institution?.name ?? 'Institution is not listed');
    pdf.field('Project', project?.title ?? null);
    pdf.field('Project ID', project?.portal_project_id ?? null);
    pdf.heading('Approved Resources');
    resourceSection(pdf, request);
    pdf.heading('Research Team with Access');
    const current = team.filter((member) => member.removalDate === null);
    pdf.table(
      [
        { label: 'Name', share: 2 },
        { label: 'E-mail', share: 2.4 },
        { label: 'Role', share: 1.6 },
      ],
      current.map((member) => [
        `${member.firstName} ${member.lastName}`.trim(),
        member.email,
        member.userRole ? (RESEARCH_TEAM_ROLES[member.userRole - 1] ?? '') : '',
      ]),
    );
    pdf.heading('Terms');
    pdf.paragraph(
      'The resources are approved for the research described in the project above, for the research team listed, ' +
        'under the usage terms agreed in the request and the Researcher Distribution Agreement of the institution. ' +
        'Access ends on the expiration date unless the request is renewed.',
    );
    pdf.paragraph(`Questions about this decision: ${supportEmail}.`);
    return { name: `${slug(request.portal_request_id)}-approval-notice.pdf`, content: await pdf.save() };
  }

  async function application(actor: Actor, id: number): Promise<RequestDocument> {
    const request = await load(actor, id);
    const project = projectOf(request);
    const [team, versions] = await Promise.all([
      repo.teamOfRequest(db, request.id, project?.id ?? 0),
      repo.statusVersions(db, request.id),
    ]);
    const pdf = await PdfWriter.create({
      title: `Resource Request Application — ${request.portal_request_id}`,
      subject: `The application of resource request ${request.portal_request_id}`,
      producer: productName,
      footer: `${productName} · Application · ${request.portal_request_id}`,
    });
    pdf.title(
      'Resource Request Application',
      `${productName} · ${request.portal_request_id}${request.display_name ? ` · ${request.display_name}` : ''}`,
    );
    pdf.heading('Request');
    pdf.field('Request ID', request.portal_request_id);
    pdf.field('Request type', request.type_name);
    pdf.field('Status', request.status_name);
    pdf.field('Submitted', formatDate(request.submission_date) ?? 'Not submitted');
    pdf.field('Decision date', formatDate(request.decision_date));
    pdf.field('Expiration date', formatDate(request.expiration_date));
    pdf.field('Downloaded', formatDate(new Date()));

    pdf.heading('Principal Investigator and Project');
    pdf.field('Principal Investigator', request.owner.display_name);
    pdf.field('E-mail', ownerEmail(request));
    pdf.field('Institution', request.institution?.name ?? 'Institution is not listed');
    if (request.creator && request.creator.id !== request.owner.id)
      pdf.field('Filed by', request.creator.display_name);
    pdf.field('Project', project?.title ?? null);
    pdf.field('Project ID', project?.portal_project_id ?? null);
    const irb = project?.latest_irb ?? null;
    pdf.field(
      'IRB',
      irb
        ? [
            irb.designation ? IRB_DESIGNATIONS[irb.designation as keyof typeof IRB_DESIGNATIONS] : null,
            irb.approval_date ? `approved ${formatDate(irb.approval_date)}` : null,
            irb.renewal_date ? `renewal ${formatDate(irb.renewal_date)}` : null,
          ]
            .filter(Boolean)
            .join(', ') || irb.name
        : 'No IRB on file',
    );
    if (project?.abstract) {
      pdf.subheading('Abstract');
      pdf.paragraph(project.abstract);
    }

    pdf.heading('Resources');
    resourceSection(pdf, request);

    pdf.heading('Resource Details');
    if (request.type === REQUEST_TYPE.dataset) {
      pdf.field('NIH Genomic Data Sharing Policy', yesNo(request.agreed_nih, 'Not agreed'));
      pdf.field('Data safeguards', yesNo(request.data_safeguard, 'Not agreed'));
      pdf.field(
        'GPF viewer access',
        request.gpf_access_status === 2 ? 'Yes' : request.gpf_access_status === 1 ? 'No' : 'Not asked',
      );
      pdf.field('Team will download the data', yesNo(request.intent_to_download));
      const globus = request.additional_data.globus_username;
      if (typeof globus === 'string' && globus) pdf.field('Globus username', globus);
    } else if (request.type === REQUEST_TYPE.biospecimen && request.sample_type) {
      const form = formOf(request.sample_type.type);
      const rows = form ? formAnswerRows(form.fields, request.additional_data) : [];
      if (rows.length === 0) pdf.paragraph('No details were given.');
      for (const [label, value] of rows) pdf.field(label, value);
    } else {
      pdf.paragraph('No details were given.');
    }

    pdf.heading('Research Team');
    pdf.table(
      [
        { label: 'Name', share: 2 },
        { label: 'E-mail', share: 2.4 },
        { label: 'Role', share: 1.6 },
        { label: 'Access', share: 1.4 },
      ],
      team.map((member) => [
        `${member.firstName} ${member.lastName}`.trim(),
        member.email,
        member.userRole ? (RESEARCH_TEAM_ROLES[member.userRole - 1] ?? '') : '',
        member.removalDate ? `Removed ${formatDate(member.removalDate)}` : 'Active',
      ]),
    );

    pdf.heading('Resource Usage');
    const answers = Array.isArray(request.additional_data.usage_answers)
      ? (request.additional_data.usage_answers as (boolean | null)[])
      : [];
    USAGE_QUESTIONS.forEach((question, index) => {
      const answer = answers[index];
      pdf.field(
        `Question ${index + 1}`,
        `${question} — ${answer === true ? 'True' : answer === false ? 'False' : 'Not answered'}`,
      );
    });
    pdf.field('Agreed to the usage policy', yesNo(request.agreed_to_usage_policy));

    pdf.heading('Status History');
    const changes: string[][] = [];
    let previous: number | null = null;
    for (const version of versions) {
      if (version.statusId == null || version.statusId === previous) continue;
      previous = version.statusId;
      const by = `${version.firstName ?? ''} ${version.lastName ?? ''}`.trim();
      changes.push([
        formatDate(version.modified) ?? '',
        REQUEST_STATUSES[version.statusId as keyof typeof REQUEST_STATUSES] ?? String(version.statusId),
        by,
      ]);
    }
    pdf.table(
      [
        { label: 'Date', share: 1.4 },
        { label: 'Status', share: 2 },
        { label: 'Changed by', share: 2 },
      ],
      changes,
    );
    return { name: `${slug(request.portal_request_id)}-application.pdf`, content: await pdf.save() };
  }

  return {
    approvalNotice,
    application,
    /** One of the two documents by its path name. */
    document(actor: Actor, id: number, kind: RequestDocumentKind): Promise<RequestDocument> {
      return kind === 'approval_notice' ? approvalNotice(actor, id) : application(actor, id);
    },
  };
}

export type RequestDocumentsService = ReturnType<typeof createRequestDocumentsService>;
