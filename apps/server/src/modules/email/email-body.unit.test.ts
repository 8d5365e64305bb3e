import { describe, expect, it } from 'vitest';
import { looksLikeHtml, renderBody } from './email-body';

describe('composed e-mail bodies', () => {
  it('keeps plain text as written and escapes it into paragraphs for HTML', () => {
    const { text, html } = renderBody(
      'Dear Olga,\r\n\r\nPlease review <your> researchers.\nThanks & regards',
    );
    expect(text).toBe('Dear Olga,\n\nPlease review <your> researchers.\nThanks & regards');
    expect(html).toBe(
      '<p>Dear Olga,</p>\n<p>Please review &lt;your&gt; researchers.<br>Thanks &amp; regards</p>',
    );
  });

  it('treats a body with tags as HTML', () => {
    expect(looksLikeHtml('<p>Hello</p>')).toBe(true);
    expect(looksLikeHtml('a < b and c > d')).toBe(false);
    expect(looksLikeHtml('Write to <ada@example.test>')).toBe(false);
  });

  it('removes scripts, handlers, styles and unsafe links from HTML', () => {
    const { html } = renderBody(
      '<p onclick="steal()">Hi <script>alert(1)</script><b style="color:red">there</b></p>' +
        '<a href="javascript:alert(1)">bad</a> <a href="https://portal.test/x" target="_blank">good</a>' +
        '<img src="https://tracker.test/p.gif"><iframe src="https://evil.test"></iframe>',
    );
    // A link that opens elsewhere keeps its target, and cannot reach back into the portal.
    expect(html).toBe(
      '<p>Hi <b>there</b></p><a>bad</a> ' +
        '<a href="https://portal.test/x" target="_blank" rel="noopener noreferrer">good</a>',
    );
  });

  it('derives the text part of an HTML body', () => {
    const { text } = renderBody(
      '<p>Dear Olga,</p><p>Please &amp; thanks:<br>one line</p><ul><li>first</li><li>second</li></ul>',
    );
    expect(text).toBe('Dear Olga,\n\nPlease & thanks:\none line\n\n- first\n- second');
  });
});
