/**
 * The names of attribute groups, options and countries per language (ADR 041, issue 29): one
 * shape for the three kinds. GET answers the default-language name and every language's own text;
 * PUT takes `texts` as language code → name, where an empty name removes the language's text (the
 * default name shows again). Permission: `catalog` for attributes, `prices` for countries (roles.ts).
 */
import { z } from 'zod';
import { route } from '../define';
import { id, okBody } from '../envelope';
import { idParam } from './fields';

const NAME = (max: number) => `A name may have at most ${max} characters.`;
const TEXTS = 'texts maps 1 to 32 language codes (such as de) to names.';

/** A body for names of at most `max` characters (the column's length). */
export function nameTextsBody(max: number) {
  return z.strictObject(
    {
      texts: z
        .record(
          z.string().regex(/^[a-z]{2,3}(-[A-Za-z]{2,4})?$/, TEXTS),
          z
            .string({ message: NAME(max) })
            .trim()
            .max(max, NAME(max)),
          { message: TEXTS },
        )
        .refine((texts) => Object.keys(texts).length >= 1 && Object.keys(texts).length <= 32, TEXTS),
    },
    { message: 'Unknown field.' },
  );
}
export const attributeTextsBody = nameTextsBody(64);
export const countryTextsBody = nameTextsBody(96);
export type NameTextsInput = z.infer<typeof attributeTextsBody>;

export const nameTextsSchema = z.object({
  id,
  /** The default language's name (what shows where a language has no text). */
  name: z.string(),
  texts: z.array(z.object({ language_id: id, code: z.string(), title: z.string(), name: z.string() })),
});
export type NameTexts = z.infer<typeof nameTextsSchema>;

const backOffice = { access: 'back_office', errors: [404, 422] } as const;

function pair<B extends `/api/admin/${string}`>(
  base: B,
  tag: string,
  what: string,
  body: ReturnType<typeof nameTextsBody>,
) {
  return {
    read: route({
      ...backOffice,
      method: 'GET',
      path: `${base}/:id/texts` as const,
      tag,
      summary: `The ${what}'s name in the default language and its text in every language`,
      params: idParam,
      response: okBody(nameTextsSchema),
    }),
    save: route({
      ...backOffice,
      method: 'PUT',
      path: `${base}/:id/texts` as const,
      tag,
      summary: `Set the ${what}'s name per language (an empty name removes that language's text)`,
      params: idParam,
      body,
      response: okBody(nameTextsSchema),
    }),
  };
}

const groups = pair('/api/admin/attributes/groups', 'Admin: attributes', 'attribute group', attributeTextsBody);
const options = pair('/api/admin/attributes/options', 'Admin: attributes', 'option', attributeTextsBody);
const countryTexts = pair('/api/admin/shipping/countries', 'Admin: delivery', 'country', countryTextsBody);

export const adminNameTextsRoutes = {
  attributeGroupTexts: groups.read,
  saveAttributeGroupTexts: groups.save,
  attributeTexts: options.read,
  saveAttributeTexts: options.save,
  countryTexts: countryTexts.read,
  saveCountryTexts: countryTexts.save,
};
