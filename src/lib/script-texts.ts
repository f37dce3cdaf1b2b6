/**
 * The one way a page hands texts to browser code (issue 28): the texts object (key → text, as
 * adminTextsFor gives it) that an island gets as its `texts` prop, and that a page script gets as
 * JSON in one `data-texts` attribute. Both read it with adminText(): placeholders filled, plurals
 * by `count` in the language of the page, keys checked by the compiler.
 */
import { type AdminTexts, adminText } from './admin-text';
import type { Translator } from './translator';

/** The attribute to spread on the element a script starts from: `<form {...textsAttribute(texts)}>`. */
export function textsAttribute(texts: AdminTexts): { 'data-texts': string } {
  return { 'data-texts': JSON.stringify(texts) };
}

/** The texts of the nearest `data-texts` around `element`, spoken in the nearest `lang`. */
export function scriptText(element: Element | null | undefined): Translator {
  const holder = element?.closest<HTMLElement>('[data-texts]');
  let texts: AdminTexts = {};
  try {
    texts = JSON.parse(holder?.dataset.texts ?? '{}') as AdminTexts;
  } catch {
    // A broken attribute shows the keys, which a test or a look at the page notices.
  }
  return adminText(texts, element?.closest<HTMLElement>('[lang]')?.lang || 'en');
}
