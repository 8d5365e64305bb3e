import sanitizeHtml from 'sanitize-html';

/**
 * What rich text written in the portal's editors may keep of its HTML: dataset descriptions
 * (staff §5 "Description is sanitised as HTML"), release notes (staff §3) and composed e-mails.
 */
const RICH_TEXT_HTML: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'a',
    'ul',
    'ol',
    'li',
    'blockquote',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'code',
    'pre',
    'hr',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'sup',
    'sub',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  disallowedTagsMode: 'discard',
  // Links that open elsewhere cannot reach back into the portal.
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.target === '_blank' ? { ...attribs, rel: 'noopener noreferrer' } : attribs,
    }),
  },
};

/** Rich text with scripts, styles, event handlers and unsafe links removed. */
export function sanitizeRichText(html: string): string {
  const clean = sanitizeHtml(html, RICH_TEXT_HTML).trim();
  // An editor's empty paragraph is no text.
  return /^(<p>(\s|<br \/>|&nbsp;)*<\/p>)?$/.test(clean) ? '' : clean;
}
