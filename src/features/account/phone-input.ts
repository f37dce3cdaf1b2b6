/**
 * Pure parts of the PhoneInput country list (accounts spec §9): where it opens, keyboard moves
 * and type-to-find. Unit-tested; the component only wires them to events.
 */

/** The list opens below the button when more than this much room remains under it. */
export const DROPDOWN_MIN_SPACE_BELOW_PX = 200;
/** Type-to-find forgets what was typed after this pause. */
export const TYPEAHEAD_RESET_MS = 700;
/** An error shows this long after the input settles (and the unsupported-country toast waits as long). */
export const PHONE_ERROR_DEBOUNCE_MS = 500;

export type Placement = 'below' | 'above';

/** `spaceBelow`: px between the button's bottom edge and the bottom of the viewport. */
export function dropdownPlacement(spaceBelow: number): Placement {
  return spaceBelow > DROPDOWN_MIN_SPACE_BELOW_PX ? 'below' : 'above';
}

const PAGE = 10;

/** The option index a navigation key leads to, or null for other keys. */
export function navigateIndex(key: string, current: number, length: number): number | null {
  if (length <= 0) return null;
  const last = length - 1;
  const from = current < 0 ? -1 : Math.min(current, last);
  switch (key) {
    case 'ArrowDown':
      return from < 0 ? 0 : Math.min(from + 1, last);
    case 'ArrowUp':
      return from < 0 ? last : Math.max(from - 1, 0);
    case 'Home':
      return 0;
    case 'End':
      return last;
    case 'PageDown':
      return Math.min(Math.max(from, 0) + PAGE, last);
    case 'PageUp':
      return Math.max(from - PAGE, 0);
    default:
      return null;
  }
}

/** Lower case without accents, so "ö" finds Österreich from "o" and "Å" from "a". */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** A single printable character (what type-to-find listens to). */
export function isTypeaheadKey(event: {
  key: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
}): boolean {
  return event.key.length === 1 && event.key !== ' ' && !event.ctrlKey && !event.metaKey && !event.altKey;
}

/**
 * The option type-to-find lands on. `query` is everything typed since the last pause. Repeating
 * one letter ("sss") steps through the names starting with it, as native selects do; otherwise
 * the search starts at the active option so typing more letters keeps a match. Names match
 * first, ISO codes second. Returns -1 when nothing matches.
 */
export function typeaheadIndex(
  options: ReadonlyArray<{ name: string; iso: string }>,
  query: string,
  active: number,
): number {
  const folded = foldText(query);
  if (!folded || options.length === 0) return -1;
  const repeated = folded.length > 1 && [...folded].every((c) => c === folded[0]);
  const needle = repeated ? folded[0]! : folded;
  // A fresh letter or a repeated one starts after the active option; a longer word includes it.
  const start = folded.length === 1 || repeated ? active + 1 : Math.max(active, 0);
  const n = options.length;
  const scan = (test: (o: { name: string; iso: string }) => boolean): number => {
    for (let i = 0; i < n; i++) {
      const index = (((start + i) % n) + n) % n;
      if (test(options[index]!)) return index;
    }
    return -1;
  };
  const byName = scan((o) => foldText(o.name).startsWith(needle));
  if (byName >= 0) return byName;
  return scan((o) => foldText(o.iso).startsWith(needle));
}
