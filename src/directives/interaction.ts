import type { ClientDirective } from 'astro';

/**
 * `client:interaction`: hydrate an island on the shopper's first interaction with it (focus,
 * pointer over/down, touch, key), never on load or idle, so a content page ships no island code
 * until someone reaches for a control.
 *
 * Options (`client:interaction={{ event, sessionKey }}`): also hydrate when `event` fires on
 * window, or at once when sessionStorage[`sessionKey`] holds something (the Toaster uses both).
 *
 * A click or change that lands before the code has arrived is held and replayed on the same
 * element after hydration, so the first press of a button is not lost; a held change keeps the
 * value chosen (hydrating a `<select defaultValue>` puts the rendered option back, and the replay
 * then sent the old language: seen in CI). A control that already has the focus when the
 * directive runs hydrates the island at once.
 */

const TRIGGERS = ['focusin', 'pointerover', 'pointerdown', 'touchstart', 'keydown'] as const;
const REPLAYABLE = 'button, [role="button"], input[type="submit"], input[type="checkbox"], input[type="radio"]';

interface InteractionOptions {
  event?: string;
  sessionKey?: string;
}

function hasSessionValue(key: string | undefined): boolean {
  if (!key) return false;
  try {
    return !!sessionStorage.getItem(key);
  } catch {
    return false;
  }
}

const interaction: ClientDirective = (load, options, el) => {
  const opts: InteractionOptions =
    options.value && typeof options.value === 'object' ? (options.value as InteractionOptions) : {};
  let started = false;
  let hydrated = false;
  const held: Array<{ target: HTMLElement; type: 'click' | 'change'; value?: string }> = [];

  const hold = (event: Event) => {
    if (hydrated) return;
    const target = event.target as HTMLElement | null;
    if (!target) return;
    if (event.type === 'click') {
      const control = target.closest<HTMLElement>(REPLAYABLE);
      if (!control || !el.contains(control)) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      held.push({ target: control, type: 'click' });
      start();
    } else {
      // A change without any earlier trigger (scripted selection, some assistive tech).
      const value =
        target instanceof HTMLSelectElement || target instanceof HTMLInputElement ? target.value : undefined;
      held.push({ target, type: 'change', value });
      start();
    }
  };

  const cleanup = () => {
    for (const type of TRIGGERS) el.removeEventListener(type, start);
    if (opts.event) window.removeEventListener(opts.event, start);
  };

  async function start() {
    if (started) return;
    started = true;
    cleanup();
    const hydrate = await load();
    await hydrate();
    hydrated = true;
    el.removeEventListener('click', hold, true);
    el.removeEventListener('change', hold, true);
    for (const { target, type, value } of held.splice(0)) {
      if (!target.isConnected) continue;
      if (type === 'click') target.click();
      else {
        if (value !== undefined && (target instanceof HTMLSelectElement || target instanceof HTMLInputElement))
          target.value = value;
        target.dispatchEvent(new Event('change', { bubbles: true }));
      }
    }
  }

  el.addEventListener('click', hold, true);
  el.addEventListener('change', hold, true);
  for (const type of TRIGGERS) el.addEventListener(type, start, { once: true, passive: true });
  if (opts.event) window.addEventListener(opts.event, start, { once: true });
  if (hasSessionValue(opts.sessionKey)) void start();
  // Focus that arrived before this ran (a fast keyboard, a slow phone) fired no focusin we heard.
  if (el.contains(document.activeElement)) void start();
};

export default interaction;
