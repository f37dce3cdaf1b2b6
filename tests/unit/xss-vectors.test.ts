import { describe, expect, it } from 'vitest';
import { isActive, XSS_VECTORS } from '../helpers/xss-vectors';

describe('XSS vector list', () => {
  it('has at least 30 distinct vectors, each carrying the marker', () => {
    expect(new Set(XSS_VECTORS).size).toBeGreaterThanOrEqual(30);
    for (const vector of XSS_VECTORS) expect(vector.toLowerCase()).toContain('xss');
  });

  it('sees every raw vector as active', () => {
    const missed = XSS_VECTORS.filter((vector) => !isActive(`<p>${vector}</p>`));
    expect(missed).toEqual([]);
  });

  it("sees escaped text and the shop's own scripts as inactive", () => {
    const escape = (s: string) =>
      s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');
    for (const vector of XSS_VECTORS) expect(isActive(`<p>${escape(vector)}</p>`)).toBe(false);
    expect(isActive('<script type="module" src="/_astro/client.js"></script><a href="/products/all/all">All</a>')).toBe(
      false,
    );
  });

  it("sees a vector escaped inside a quoted attribute value (an input, an island's props) as inactive", () => {
    const escape = (s: string) =>
      s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');
    for (const vector of XSS_VECTORS) {
      expect(isActive(`<input name="name" value="${escape(vector)}"/>`), vector).toBe(false);
      expect(
        isActive(`<astro-island props="{&quot;name&quot;:[0,&quot;${escape(vector)}&quot;]}"></astro-island>`),
        vector,
      ).toBe(false);
    }
  });

  it('still sees handlers and URLs of real attributes as active', () => {
    expect(isActive('<input value="x" onfocus="alert(\'xss\')">')).toBe(true);
    expect(isActive('<a title="&lt;b&gt;" href="javascript:alert(1)">xss</a>')).toBe(true);
    expect(isActive('<iframe srcdoc="&lt;script&gt;alert(\'xss\')&lt;/script&gt;"></iframe>')).toBe(true);
  });
});
