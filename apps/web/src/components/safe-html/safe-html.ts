/**
 * A second line of defence for rich text (dataset descriptions, release notes): the server already sanitises it (staff §5),
 * and the browser keeps only an allow-list of formatting elements and safe attributes before the
 * HTML reaches the page. Anything else is dropped (scripts, styles, frames, forms) or unwrapped.
 */
const ALLOWED_TAGS = new Set([
  'p',
  'br',
  'b',
  'strong',
  'i',
  'em',
  'u',
  's',
  'sub',
  'sup',
  'a',
  'ul',
  'ol',
  'li',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'blockquote',
  'code',
  'pre',
  'span',
  'div',
  'hr',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
]);

/** Dropped with everything inside them. */
const DROPPED_TAGS = new Set([
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'form',
  'input',
  'button',
  'select',
  'textarea',
  'noscript',
  'template',
  'svg',
  'math',
  'link',
  'meta',
  'base',
]);

const SAFE_URL = /^(https?:|mailto:|\/|#)/i;

function clean(node: Node, doc: Document): void {
  for (const child of [...node.childNodes]) {
    if (child.nodeType === Node.COMMENT_NODE) {
      child.remove();
      continue;
    }
    if (child.nodeType !== Node.ELEMENT_NODE) continue;
    const element = child as Element;
    const tag = element.tagName.toLowerCase();
    if (DROPPED_TAGS.has(tag)) {
      element.remove();
      continue;
    }
    clean(element, doc);
    if (!ALLOWED_TAGS.has(tag)) {
      // Unknown elements give up their children and disappear.
      const fragment = doc.createDocumentFragment();
      while (element.firstChild) fragment.appendChild(element.firstChild);
      element.replaceWith(fragment);
      continue;
    }
    for (const attribute of [...element.attributes]) {
      const name = attribute.name.toLowerCase();
      const keep =
        (tag === 'a' && name === 'href' && SAFE_URL.test(attribute.value.trim())) ||
        (tag === 'a' && name === 'title') ||
        ((tag === 'td' || tag === 'th') && (name === 'colspan' || name === 'rowspan'));
      if (!keep) element.removeAttribute(attribute.name);
    }
    if (tag === 'a' && element.hasAttribute('href')) {
      element.setAttribute('target', '_blank');
      element.setAttribute('rel', 'noopener noreferrer');
    }
  }
}

/** The HTML with only formatting left; headings start at level 2 so the page's outline holds. */
export function sanitizeHtml(html: string): string {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  for (const heading of [...doc.body.querySelectorAll('h1')]) {
    const replacement = doc.createElement('h2');
    while (heading.firstChild) replacement.appendChild(heading.firstChild);
    heading.replaceWith(replacement);
  }
  clean(doc.body, doc);
  return doc.body.innerHTML;
}

/** The text of an HTML fragment, for previews in tables. */
export function htmlToText(html: string): string {
  // Blocks and line breaks separate words.
  const spaced = html.replace(/<br\s*\/?>|<\/(p|div|li|h[1-6]|blockquote|tr|td|th)>/gi, '$& ');
  const doc = new DOMParser().parseFromString(`<body>${spaced}</body>`, 'text/html');
  return (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim();
}
