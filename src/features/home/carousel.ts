/**
 * Lazy carousels: every `[data-home-carousel]` is server-rendered as a horizontally scrollable
 * list (usable without JavaScript); swiper (swiper-init.ts, its own chunk) is loaded when the
 * carousel comes within 200 px of the screen or the shopper points at, touches or tabs into it.
 * If the chunk fails to load the list simply stays a scroll list.
 */
const WAKE_EVENTS = ['pointerover', 'pointerdown', 'touchstart', 'focusin'] as const;

async function start(root: HTMLElement): Promise<void> {
  if (root.dataset.carousel) return;
  root.dataset.carousel = 'loading';
  try {
    const { mountSwiper } = await import('./swiper-init');
    root.dataset.carousel = mountSwiper(root) ? 'ready' : 'failed';
  } catch {
    root.dataset.carousel = 'failed';
  }
}

export function lazyCarousels(): void {
  const roots = [...document.querySelectorAll<HTMLElement>('[data-home-carousel]')];
  const observer =
    'IntersectionObserver' in window
      ? new IntersectionObserver(
          (entries) => {
            for (const entry of entries) {
              if (!entry.isIntersecting) continue;
              observer?.unobserve(entry.target);
              void start(entry.target as HTMLElement);
            }
          },
          { rootMargin: '200px 0px' },
        )
      : null;
  for (const root of roots) {
    if (observer) observer.observe(root);
    else void start(root);
    for (const type of WAKE_EVENTS) root.addEventListener(type, () => void start(root), { once: true, passive: true });
  }
}
