import { describe, expect, it } from 'vitest';
import { absoluteUrl, documentTitle, plainExcerpt } from './seo';

describe('content SEO helpers', () => {
  it('document title as the layout writes it', () => {
    expect(documentTitle('FAQ', 'Gear Shop', 'Tagline')).toBe('FAQ | Gear Shop');
    expect(documentTitle(undefined, 'Gear Shop', 'Tagline')).toBe('Gear Shop | Tagline');
  });
  it('absolute URLs from the public origin', () => {
    expect(absoluteUrl('https://shop.test/', '/faq')).toBe('https://shop.test/faq');
    expect(absoluteUrl('https://shop.test', '/static-page/3')).toBe('https://shop.test/static-page/3');
  });
  it('plain excerpt of HTML, cut at a word', () => {
    expect(plainExcerpt('<h2>Hi</h2><p>Fish &amp; chips&nbsp;here</p><script>x()</script>')).toBe(
      'Hi Fish & chips here',
    );
    const long = `<p>${'word '.repeat(60)}</p>`;
    const out = plainExcerpt(long, 50);
    expect(out.length).toBeLessThanOrEqual(50);
    expect(out.endsWith('word…')).toBe(true);
  });
});
