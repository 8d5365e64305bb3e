import sanitizeHtml from 'sanitize-html';

/** What a dataset description may keep of its HTML (staff §5 "Description is sanitised as HTML"). */
const DESCRIPTION_HTML: sanitizeHtml.IOptions = {
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

/** A dataset description with scripts, styles, event handlers and unsafe links removed. */
export function sanitizeDescription(html: string): string {
  const clean = sanitizeHtml(html, DESCRIPTION_HTML).trim();
  // An editor's empty paragraph is no description.
  return /^(<p>(\s|<br \/>|&nbsp;)*<\/p>)?$/.test(clean) ? '' : clean;
}
