import { describe, expect, it } from 'vitest';
import { googleTagProblem } from './google-tag';

const SNIPPET = `<!-- Google tag (gtag.js) -->
<script async src="https://www.googletagmanager.com/gtag/js?id=G-TEST123"></script>
<script>
  window.dataLayer = window.dataLayer || [];
  function gtag(){dataLayer.push(arguments);}
  gtag('js', new Date());
  gtag('config', 'G-TEST123');
</script>`;

describe('googleTagProblem', () => {
  it("accepts Google's snippet and an empty value", () => {
    expect(googleTagProblem(SNIPPET)).toBeNull();
    expect(googleTagProblem('  ')).toBeNull();
  });
  it('rejects markup beside the scripts, http sources and handlers', () => {
    expect(googleTagProblem(`${SNIPPET}<img src=x onerror=alert(1)>`)).toBe(
      'The Google tag may contain only <script> elements (the snippet Google gives you).',
    );
    expect(googleTagProblem('<script src="http://evil.test/x.js"></script>')).toBe(
      'Scripts in the Google tag must load over https.',
    );
    expect(googleTagProblem('<script src="javascript:alert(1)"></script>')).toBe(
      'Scripts in the Google tag must load over https.',
    );
    expect(googleTagProblem('<script src="https://a.test/x.js" onload="alert(1)"></script>')).toBe(
      'The Google tag may not carry event handler attributes.',
    );
    expect(googleTagProblem(`<script>${'x'.repeat(5001)}</script>`)).toBe(
      'The Google tag may have at most 5000 characters.',
    );
  });
});
