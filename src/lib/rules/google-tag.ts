/**
 * The one setting that may carry a script (ADR 007/013). The page frame never puts it into the
 * HTML: after cookie consent, google-tag.ts loads its https `<script src>` tags and replays the
 * `gtag('config', …)` calls of the inline part. Saving checks that the snippet is only that, so
 * an editor sees at once when something in it would never run.
 */
const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
export const GOOGLE_TAG_MAX = 5_000;

export function googleTagProblem(snippet: string): string | null {
  const text = snippet.trim();
  if (text === '') return null;
  if (text.length > GOOGLE_TAG_MAX) return `The Google tag may have at most ${GOOGLE_TAG_MAX} characters.`;
  const rest = text
    .replace(SCRIPT, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .trim();
  if (rest !== '') return 'The Google tag may contain only <script> elements (the snippet Google gives you).';
  for (const match of text.matchAll(SCRIPT)) {
    const src = /\bsrc\s*=\s*["']([^"']*)["']/i.exec(match[1] ?? '')?.[1];
    if (src !== undefined && !/^https:\/\/[^\s"'<>]+$/i.test(src))
      return 'Scripts in the Google tag must load over https.';
    if (/\bon[a-z]+\s*=/i.test(match[1] ?? '')) return 'The Google tag may not carry event handler attributes.';
  }
  return null;
}
