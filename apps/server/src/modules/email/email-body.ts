import sanitizeHtml from 'sanitize-html';
import { escapeHtml } from '../../platform/mail/compose';
import { sanitizeRichText } from '../../platform/rich-text';

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
  '&nbsp;': ' ',
};

/** Tags that mark a body as HTML; anything else in angle brackets (`<ada@example.test>`) is text. */
const HTML_TAG =
  /<\/?(p|br|div|span|b|strong|i|em|u|a|ul|ol|li|h[1-6]|blockquote|table|tr|td|th|img|script|style|iframe|font|hr|pre|code)(\s[^>]*)?\/?>/i;

/** Whether the body is HTML (a composer with formatting) rather than plain text. */
export function looksLikeHtml(body: string): boolean {
  return HTML_TAG.test(body);
}

/** The plain-text part of an HTML body: block ends become line breaks, tags go, entities are decoded. */
function htmlToText(html: string): string {
  const withBreaks = html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|h[1-4]|blockquote)>/gi, '\n\n')
    .replace(/<li[^>]*>/gi, '- ')
    .replace(/<\/li>/gi, '\n');
  const text = sanitizeHtml(withBreaks, { allowedTags: [], allowedAttributes: {} });
  return text
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (entity) => ENTITIES[entity]!)
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** The words of a body written as text or as HTML, with every tag gone (feedback is read as text). */
export function plainText(body: string): string {
  return looksLikeHtml(body) ? htmlToText(sanitizeRichText(body)) : body.replace(/\r\n/g, '\n').trim();
}

/**
 * Both parts of a composed e-mail. An HTML body is sanitised (no scripts, styles, event handlers
 * or unsafe links) and its text part derived from it; a plain-text body is kept as written and
 * its HTML part is the escaped text in paragraphs.
 */
export function renderBody(body: string): { text: string; html: string } {
  if (looksLikeHtml(body)) {
    const html = sanitizeRichText(body);
    return { html, text: htmlToText(html) };
  }
  const text = body.replace(/\r\n/g, '\n').trim();
  const html = text
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`)
    .join('\n');
  return { text, html };
}
