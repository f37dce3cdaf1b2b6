import { contactBody } from '@/lib/contract/forms';
import { submitContactMessage } from '../services/contact.server';
import { allowedPhoneCountries, readPhoneFields } from '../services/auth/phone-fields';
import { createRouter } from './env';
import { ok } from './envelope';
import { FormProblems, jsonObject, translatorFor } from './form';
import { rateLimit } from './rate-limit';

/** Per client address: enough for a shopper who retries, too little to flood support. */
export const CONTACT_RATE_LIMIT = { name: 'contact-us', limit: 5, windowSeconds: 600 } as const;

/**
 * POST /api/contact-us (accounts spec §2 Contact page, §5): guests too. Every field is
 * required, the phone is checked like the phone input does; 422 lists every field problem.
 */
export const contactApp = createRouter().post('/', rateLimit(CONTACT_RATE_LIMIT), async (c) => {
  const t = await translatorFor(c);
  const body = await jsonObject(c);
  const problems = new FormProblems();
  const input = problems.parse(contactBody(t), body);
  const phone = readPhoneFields(t, body, await allowedPhoneCountries(c.var.db), problems, { required: true });
  const missing = Object.values(problems.errors).some((messages) => messages.includes(t('validation.required')));
  problems.throwIfAny(missing ? t('validation.fillRequired') : undefined);
  if (!input || !phone) throw new Error('unreachable: problems were thrown');

  await submitContactMessage(
    c.var.db,
    { ...input, phone: phone.phone, phoneCountryCode: phone.phoneCountryCode, nationalNumber: phone.nationalNumber },
    { userId: c.var.user?.id ?? null, log: c.var.log, senderLanguage: c.var.language.code },
  );
  return ok(c, null, { message: t('contact.success') });
});
