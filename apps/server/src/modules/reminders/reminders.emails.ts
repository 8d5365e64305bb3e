import { renderReminderTemplate, type ReminderKind } from '@rrp/domain';
import { escapeHtml } from '../../platform/mail/compose';
import type { DueItem, Recipient, SettingRow } from './reminders.repo';

export interface EmailContext {
  publicUrl: string;
  productName: string;
  supportEmail: string;
}

/** The e-mail log's template of each kind of reminder. */
export const reminderTemplate = (kind: ReminderKind) => `reminder_${kind}`;

/** Where each kind of reminder sends people to deal with its items. */
const KIND_PAGE: Record<ReminderKind, string> = {
  review_due: '/request',
  rda_signature: '/',
  joinder: '/joinder',
  revisions: '/request',
  submitted_untouched: '/request',
};

/** At most this many items are listed in one e-mail; the rest are counted and linked to. */
const LISTED_ITEMS = 50;

const nameOf = (person: Recipient) => `${person.firstName} ${person.lastName}`.trim() || person.email;

/**
 * One person's reminder of `kind` about `items`, written from the setting's templates: subject,
 * plain text, and the same text as HTML paragraphs.
 */
export function reminderEmail(
  ctx: EmailContext,
  kind: ReminderKind,
  setting: Pick<SettingRow, 'subject' | 'body' | 'afterDays'>,
  recipient: Recipient,
  items: readonly DueItem[],
) {
  const url = (path: string) => `${ctx.publicUrl}${path}`;
  const listed = items.slice(0, LISTED_ITEMS).map((item) => `- ${item.line}: ${url(item.path)}`);
  if (items.length > LISTED_ITEMS)
    listed.push(`- and ${items.length - LISTED_ITEMS} more: ${url(KIND_PAGE[kind])}`);
  const values = {
    name: nameOf(recipient),
    count: items.length,
    days: setting.afterDays,
    items: listed.join('\n'),
    link: url(KIND_PAGE[kind]),
    link_profile: url('/my-profile'),
    product: ctx.productName,
  };
  const text = renderReminderTemplate(setting.body, values);
  return {
    subject: renderReminderTemplate(setting.subject, values).replace(/\s+/g, ' ').trim(),
    text,
    html: text
      .split(/\n{2,}/)
      .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`)
      .join('\n'),
    /** Where the bell notification leads: the item itself when there is one. */
    redirect: items.length === 1 ? items[0]!.path : KIND_PAGE[kind],
  };
}
