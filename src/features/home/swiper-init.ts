/**
 * Swiper on one home carousel (storefront §9: loop, 600 ms, gap 9). Loaded by carousel.ts only
 * when the carousel comes near the screen or is touched, so the first screen never waits for it.
 * The slides are already in the page as a scroll-snap list; this turns that list into a swiper.
 */
import Swiper from 'swiper';
import { Navigation } from 'swiper/modules';

export const CAROUSEL_SPEED_MS = 600;
export const CAROUSEL_GAP_PX = 9;

export function mountSwiper(root: HTMLElement): Swiper | null {
  const viewport = root.querySelector<HTMLElement>('.swiper');
  const prev = root.querySelector<HTMLButtonElement>('[data-carousel-prev]');
  const next = root.querySelector<HTMLButtonElement>('[data-carousel-next]');
  if (!viewport || !prev || !next) return null;
  const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  prev.hidden = false;
  next.hidden = false;
  return new Swiper(viewport, {
    modules: [Navigation],
    loop: true,
    speed: reduced ? 0 : CAROUSEL_SPEED_MS,
    spaceBetween: CAROUSEL_GAP_PX,
    slidesPerView: 1.3,
    breakpoints: {
      480: { slidesPerView: 2 },
      768: { slidesPerView: 3 },
      1100: { slidesPerView: 4 },
    },
    navigation: { prevEl: prev, nextEl: next },
    watchSlidesProgress: true,
  });
}
