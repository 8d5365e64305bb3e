import { describe, expect, it } from 'vitest';
import { htmlToText, sanitizeHtml } from './safe-html';

describe('sanitizeHtml', () => {
  it('keeps formatting, lists and safe links', () => {
    expect(sanitizeHtml('<p>A <strong>bold</strong> <em>study</em></p><ul><li>one</li></ul>')).toBe(
      '<p>A <strong>bold</strong> <em>study</em></p><ul><li>one</li></ul>',
    );
    expect(sanitizeHtml('<a href="https://sfari.org/x" class="c">SFARI</a>')).toBe(
      '<a href="https://sfari.org/x" target="_blank" rel="noopener noreferrer">SFARI</a>',
    );
  });

  it('drops scripts, event handlers, styles and script URLs', () => {
    const out = sanitizeHtml(
      '<p onclick="steal()" style="color:red">x</p><script>alert(1)</script><img src=x onerror="alert(1)"><a href="javascript:alert(1)">go</a>',
    );
    expect(out).toBe('<p>x</p><a>go</a>');
  });

  it('unwraps unknown elements and lowers h1 to h2', () => {
    expect(sanitizeHtml('<h1>Title</h1><font>plain</font><iframe src="x"></iframe>')).toBe(
      '<h2>Title</h2>plain',
    );
  });

  it('reads the text of a fragment', () => {
    expect(htmlToText('<p>One</p>\n<p>two <b>three</b></p>')).toBe('One two three');
    expect(htmlToText('<p>siblings.</p><p>Data<br>shared</p>')).toBe('siblings. Data shared');
  });
});
