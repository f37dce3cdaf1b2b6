import { describe, expect, it } from 'vitest';
import { htmlToText, sanitizeHtml } from './html';

describe('sanitizeHtml', () => {
  it('keeps the formatting of descriptions and pages', () => {
    const html = '<p>Intro <strong>bold</strong></p><ul><li>One</li></ul><a href="https://x.test/a">x</a>';
    expect(sanitizeHtml(html)).toBe(html);
  });

  it('removes scripts, event handlers, javascript: URLs and unknown tags', () => {
    const dirty =
      '<p onclick="alert(1)">Hi</p><script>alert(1)</script><a href="javascript:alert(1)">x</a>' +
      '<img src="x" onerror="alert(1)"><iframe src="https://evil.test"></iframe><svg onload="alert(1)"></svg>';
    const clean = sanitizeHtml(dirty);
    expect(clean).toBe('<p>Hi</p><a>x</a><img src="x" />');
    expect(clean).not.toMatch(/script|onerror|onclick|javascript|iframe|svg/i);
  });

  it('adds noopener to links that open a new tab', () => {
    expect(sanitizeHtml('<a href="https://x.test" target="_blank">x</a>')).toBe(
      '<a href="https://x.test" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });

  it('drops URLs that name a script scheme anywhere, e.g. inside backticks', () => {
    expect(sanitizeHtml('<img src=`javascript:alert("xss")` alt="a">')).toBe('<img alt="a" />');
    expect(sanitizeHtml('<a href="`java\tscript:x`">l</a>')).toBe('<a>l</a>');
    expect(sanitizeHtml('<a href="/static-page/shipping">l</a>')).toBe('<a href="/static-page/shipping">l</a>');
  });

  it('turns HTML into plain text', () => {
    expect(htmlToText('<p>One</p>\n<ul><li>Two</li></ul><script>x</script>')).toBe('One Two');
  });
});
