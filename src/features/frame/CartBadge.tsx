import '@/stores/bootstrap';
import { useStore } from '@nanostores/react';
import { $cartCount } from './cart-count';
import { fill } from '@/lib/rules/placeholders';
import { pageHref } from '@/lib/language-path';
import { useHydrated } from '@/stores/hydration';

export interface CartBadgeProps {
  /** Server-rendered count; the store takes over once the cart code sets it. */
  count: number;
  label: string;
  /** "Cart, {{count}} items" with the placeholder left in. */
  countLabel: string;
}

export default function CartBadge({ count, label, countLabel }: CartBadgeProps) {
  const live = useStore($cartCount);
  // The first render must match the server's HTML (the count it rendered): the badge often
  // hydrates because the count just changed, and React would throw away a mismatching tree.
  const hydrated = useHydrated();
  const shown = hydrated ? (live ?? count) : count;
  return (
    <a
      className="icon-link"
      href={pageHref('/cart')}
      aria-label={shown > 0 ? fill(countLabel, { count: shown }) : label}
    >
      <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
        <path
          d="M3 4h2l2.4 11.2a1.5 1.5 0 0 0 1.5 1.2h8.6a1.5 1.5 0 0 0 1.5-1.1L21 8H6.2"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.9"
          strokeLinejoin="round"
        />
        <circle cx="9.5" cy="20" r="1.4" fill="currentColor" />
        <circle cx="17.5" cy="20" r="1.4" fill="currentColor" />
      </svg>
      {shown > 0 && (
        <span className="badge" aria-hidden="true">
          {shown > 99 ? '99+' : shown}
        </span>
      )}
    </a>
  );
}
