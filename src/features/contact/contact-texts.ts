import { slot } from '@/lib/rules/placeholders';
import type { Translator } from '@/lib/translator';
import { phoneInputMessages } from '../account/account-texts';
import type { PhoneInputMessages } from '../account/PhoneInput';

/** Texts of the contact form island, from the page's translator. Pure. */
export interface ContactFormTexts {
  title: string;
  allRequired: string;
  name: string;
  surname: string;
  email: string;
  phone: string;
  topic: string;
  message: string;
  send: string;
  sending: string;
  success: string;
  error: string;
  required: string;
  invalidEmail: string;
  invalidPhone: string;
  /** "Must be at most {{max}} characters". */
  tooLong: string;
  phoneInput: PhoneInputMessages;
}

export function contactFormTexts(t: Translator): ContactFormTexts {
  return {
    title: t('contact.formTitle'),
    allRequired: t('contact.allRequired'),
    name: t('contact.name'),
    surname: t('contact.surname'),
    email: t('contact.email'),
    phone: t('contact.phone'),
    topic: t('contact.topic'),
    message: t('contact.message'),
    send: t('contact.send'),
    sending: t('contact.sending'),
    success: t('contact.success'),
    error: t('contact.error'),
    required: t('validation.required'),
    invalidEmail: t('validation.invalidEmail'),
    invalidPhone: t('validation.invalidPhone'),
    tooLong: t('validation.tooLong', { max: slot('max') }),
    phoneInput: phoneInputMessages(t),
  };
}
