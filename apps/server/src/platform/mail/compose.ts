const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);
}

export interface ComposedEmail {
  subject: string;
  text: string;
  html: string;
}

/**
 * A plain e-mail: greeting, paragraphs, an optional call-to-action link, and the sign-off.
 * Every value is escaped for the HTML part; the text part carries the same words.
 */
export function composeEmail(input: {
  subject: string;
  greetingName?: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  productName: string;
  supportEmail: string;
}): ComposedEmail {
  const greeting = input.greetingName ? `Dear ${input.greetingName},` : 'Hello,';
  const signOff = `If you have questions, contact ${input.supportEmail}.\n\nThe ${input.productName} team`;
  const text = [
    greeting,
    ...input.paragraphs,
    ...(input.action ? [`${input.action.label}: ${input.action.url}`] : []),
    signOff,
  ].join('\n\n');
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    ...input.paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
    ...(input.action
      ? [`<p><a href="${escapeHtml(input.action.url)}">${escapeHtml(input.action.label)}</a></p>`]
      : []),
    `<p>If you have questions, contact <a href="mailto:${escapeHtml(input.supportEmail)}">${escapeHtml(input.supportEmail)}</a>.</p>`,
    `<p>The ${escapeHtml(input.productName)} team</p>`,
  ].join('\n');
  return { subject: input.subject, text, html };
}
