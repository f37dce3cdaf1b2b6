/**
 * The first non-blank message per field of an error envelope's `errors`: its own module (not form-state.ts) so the
 * auth store, which every page loads, does not carry the form hook's rules into its chunk.
 */
export function firstErrors(errors: Record<string, unknown> | undefined | null): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, value] of Object.entries(errors ?? {})) {
    const first = Array.isArray(value) ? value.find((v) => typeof v === 'string' && v.trim() !== '') : value;
    if (typeof first === 'string' && first.trim() !== '') out[field] = first;
  }
  return out;
}
