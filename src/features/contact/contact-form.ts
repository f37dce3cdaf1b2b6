/**
 * Contact form rules (accounts spec §5 Contact: all fields required, phone valid), with the
 * server's limits (src/lib/rules/contact.ts). Pure.
 */
import type { PhoneValue } from '@/lib/phone';
import { CONTACT_LIMITS } from '@/lib/rules/contact';

export interface ContactFields {
  name: string;
  surname: string;
  email: string;
  phone: PhoneValue | null;
  topic: string;
  message: string;
}

export type ContactField = keyof ContactFields;
export type ContactProblem = 'required' | 'invalidEmail' | 'invalidPhone' | 'tooLong';

export const EMPTY_CONTACT: ContactFields = { name: '', surname: '', email: '', phone: null, topic: '', message: '' };

/** text@text.text without spaces: the basic email check of spec §5. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validateContact(fields: ContactFields): Partial<Record<ContactField, ContactProblem>> {
  const problems: Partial<Record<ContactField, ContactProblem>> = {};
  for (const key of ['name', 'surname', 'email', 'topic', 'message'] as const) {
    const value = fields[key].trim();
    if (!value) problems[key] = 'required';
    else if (value.length > CONTACT_LIMITS[key]) problems[key] = 'tooLong';
  }
  if (!problems.email && !EMAIL.test(fields.email.trim())) problems.email = 'invalidEmail';
  const phone = fields.phone;
  if (!phone || (!phone.phone.trim() && !phone.nationalNumber.trim())) problems.phone = 'required';
  else if (!phone.isValid) problems.phone = 'invalidPhone';
  return problems;
}

/** The POST /api/contact-us body. */
export function contactPayload(fields: ContactFields) {
  return {
    name: fields.name.trim(),
    surname: fields.surname.trim(),
    email: fields.email.trim(),
    phone: fields.phone?.phone ?? '',
    phoneCountryCode: fields.phone?.phoneCountryCode ?? '',
    nationalNumber: fields.phone?.nationalNumber ?? '',
    topic: fields.topic.trim(),
    message: fields.message.trim(),
  };
}
