/**
 * One placeholder syntax for every text: `{{name}}`, the syntax of i18next, of the stored
 * translations (UI messages, mail) and of the texts the server hands to islands. A server-side
 * texts module keeps a placeholder for the island with `slot('name')`, and the island fills it
 * with `fill(text, { name })`. Stored translations have always used `{{name}}`, so no data
 * migration is needed (ADR 021).
 */

const PLACEHOLDER = /\{\{\s*([\w.-]+)\s*\}\}/g;

/** `{{name}}`: passed as a translation's value so the placeholder survives for the island. */
export function slot(name: string): string {
  return `{{${name}}}`;
}

/** Replaces each `{{name}}` that `values` has; any other placeholder stays as it is. */
export function fill(text: string, values: Readonly<Record<string, unknown>>): string {
  return text.replace(PLACEHOLDER, (whole, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : whole,
  );
}

/** The names of a text's placeholders, sorted and once each (to check a translation against English). */
export function placeholderNames(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((match) => match[1] ?? ''))].sort();
}
