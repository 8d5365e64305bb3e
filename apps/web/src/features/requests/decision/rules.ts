import {
  APPROVAL_NOTICE_STATUSES,
  splitRecipients,
  type DecisionInputRaw,
  type DecisionOptionDto,
  type RequestDecisions,
} from '@rrp/domain';

/** The texts of the decision screen; the spec's own words where it gives them (staff §4.2, §8). */
export const DECISION_TEXT = {
  open: 'Make a Decision',
  decision: 'Decision',
  continue: 'Continue',
  back: 'Back',
  cancel: 'Cancel',
  send: 'Send',
  skip: 'Skip e-mail',
  sent: 'Email Sent Successfully',
  saved: 'Decision Saved',
  noOptions: 'No decision can be made on this request in its current status.',
  teamTitle: 'The research team is not complete',
  teamIntro:
    'Approving now gives Approved (Pending Team); the request becomes Approved once every member below is complete.',
  required: 'This decision sends an e-mail to the researcher.',
  optional: 'An e-mail is optional for this decision: send one, or skip it.',
  noRecipients: 'Add at least one recipient to send the e-mail.',
  uploading: 'Waiting for the attachments to upload…',
  failed: 'The decision could not be saved',
  attachHint: 'Drag files here or click to choose them (PDF, Word, Excel, text or images; up to 20 files).',
  now: (status: string) => `The request is now ${status}.`,
} as const;

/** Files a decision e-mail may carry (the server's scan decides the rest). */
export const ATTACHMENT_TYPES = [
  'application/pdf',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'text/plain',
  'text/csv',
  'image/png',
  'image/jpeg',
];
export const MAX_ATTACHMENTS = 20;

/** The decision continue button needs a decision that is one of the options (staff §4.2). */
export function canContinue(options: readonly DecisionOptionDto[], chosen: number | null): boolean {
  return chosen !== null && options.some((option) => option.status === chosen);
}

/** 'Skip e-mail' is offered only when the decision's e-mail is optional. */
export const maySkipEmail = (option: Pick<DecisionOptionDto, 'email'> | null | undefined) =>
  option?.email === 'optional';

/** The pending-team gaps matter when an approval is among the options (staff §4.2 pending team). */
export function showTeamGaps(decisions: Pick<RequestDecisions, 'options' | 'team'>): boolean {
  return (
    !decisions.team.complete &&
    decisions.team.missing.length > 0 &&
    decisions.options.some((option) => option.status === 4 || option.status === 12)
  );
}

/** An attachment of the composer: uploading, stored (with its file id) or refused. */
export interface Attachment {
  key: string;
  name: string;
  state: 'uploading' | 'ready' | 'failed';
  fileId?: number;
  error?: string;
}

/** Send needs a recipient (staff §5 "Send is disabled with no recipients") and no upload under way. */
export function canSend(to: string, attachments: readonly Attachment[]): boolean {
  return splitRecipients(to).length > 0 && !attachments.some((file) => file.state === 'uploading');
}

export interface ComposedEmail {
  to: string;
  cc: string;
  bcc: string;
  subject: string;
  body: string;
}

/** POST decision/'s body: the status, and the e-mail (recipients split on spaces and commas). */
export function decisionPayload(
  status: number,
  email: ComposedEmail | null,
  attachments: readonly Attachment[] = [],
): DecisionInputRaw {
  if (!email) return { status };
  return {
    status,
    email: {
      to: splitRecipients(email.to),
      cc: splitRecipients(email.cc),
      bcc: splitRecipients(email.bcc),
      subject: email.subject,
      body: email.body,
      attachments: attachments.flatMap((file) =>
        file.state === 'ready' && file.fileId ? [file.fileId] : [],
      ),
    },
  };
}

const FIELD_LABELS: Record<string, string> = {
  status: 'Decision',
  email: 'E-mail',
  to: 'To',
  cc: 'Cc',
  bcc: 'Bcc',
  subject: 'Subject',
  body: 'Message',
  attachments: 'Attachments',
};

/**
 * A 400's messages as lines: non-field errors as they are, field errors (also nested under
 * `email`, or keyed `email.to`) after their field's label.
 */
export function errorLines(body: Record<string, unknown>, prefix = ''): string[] {
  const lines: string[] = [];
  for (const [key, value] of Object.entries(body)) {
    if (key === 'correlation_id' || key === 'code') continue;
    const field = key.split('.').at(-1)!;
    const label = key === 'non_field_errors' || key === 'detail' ? '' : (FIELD_LABELS[field] ?? field);
    if (Array.isArray(value)) {
      for (const message of value)
        if (typeof message === 'string') lines.push(label ? `${prefix}${label}: ${message}` : message);
    } else if (typeof value === 'string') {
      lines.push(label ? `${prefix}${label}: ${value}` : value);
    } else if (value && typeof value === 'object') {
      lines.push(...errorLines(value as Record<string, unknown>, prefix));
    }
  }
  return lines;
}

/** The approval notice exists once the request is approved or fulfilled (decision 077). */
export const hasApprovalNotice = (status: number) => APPROVAL_NOTICE_STATUSES.includes(status);
