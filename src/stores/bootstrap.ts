import { adoptPageLocale } from '../features/i18n/locale';
import { restoreToasts } from './toasts';

/**
 * Start-up of the browser side, run once by the first island that hydrates (every island
 * imports this module): the locale stores follow the page, toasts of the previous page return.
 * Islands hydrate lazily, so nothing here runs before the shopper interacts.
 */
let started = false;

export function bootstrap(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  adoptPageLocale();
  restoreToasts();
}

bootstrap();
