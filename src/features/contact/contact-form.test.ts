import { describe, expect, it } from 'vitest';
import { contactPayload, EMPTY_CONTACT, validateContact } from './contact-form';

const phone = { phone: '+4930901820', phoneCountryCode: 'DE', nationalNumber: '30901820', isValid: true };
const filled = {
  name: ' Ann ',
  surname: 'Lee',
  email: 'ann@example.com',
  phone,
  topic: 'Order',
  message: 'Where is it?',
};

describe('validateContact', () => {
  it('requires every field', () => {
    expect(validateContact(EMPTY_CONTACT)).toEqual({
      name: 'required',
      surname: 'required',
      email: 'required',
      phone: 'required',
      topic: 'required',
      message: 'required',
    });
    expect(validateContact({ ...filled, topic: '   ' })).toEqual({ topic: 'required' });
  });
  it('checks email, phone and length', () => {
    expect(validateContact(filled)).toEqual({});
    expect(validateContact({ ...filled, email: 'ann@example' })).toEqual({ email: 'invalidEmail' });
    expect(validateContact({ ...filled, phone: { ...phone, isValid: false } })).toEqual({ phone: 'invalidPhone' });
    expect(validateContact({ ...filled, message: 'x'.repeat(5001) })).toEqual({ message: 'tooLong' });
    expect(validateContact({ ...filled, message: 'x'.repeat(5000) })).toEqual({});
  });
});

it('contactPayload trims and sends the phone parts', () => {
  expect(contactPayload(filled)).toEqual({
    name: 'Ann',
    surname: 'Lee',
    email: 'ann@example.com',
    phone: '+4930901820',
    phoneCountryCode: 'DE',
    nationalNumber: '30901820',
    topic: 'Order',
    message: 'Where is it?',
  });
});
