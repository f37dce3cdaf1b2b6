import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { firstErrors } from './first-errors';
import { failureOf, visibleError } from './form-state';

const texts = { required: 'This field is required.', mismatch: 'The passwords do not match.' } as const;
const message = (error: keyof typeof texts) => texts[error];

describe('visibleError', () => {
  it("shows the form's own rule only once the field was left or the form sent", () => {
    expect(visibleError({ client: 'required', touched: false, submitted: false }, message)).toBeUndefined();
    expect(visibleError({ client: 'required', touched: true, submitted: false }, message)).toBe(
      'This field is required.',
    );
    expect(visibleError({ client: 'mismatch', touched: false, submitted: true }, message)).toBe(
      'The passwords do not match.',
    );
  });

  it("puts the server's word first, even on an untouched field", () => {
    expect(
      visibleError({ server: 'Wrong password.', client: 'required', touched: true, submitted: true }, message),
    ).toBe('Wrong password.');
    expect(visibleError({ server: 'Taken.', touched: false, submitted: false }, message)).toBe('Taken.');
    expect(visibleError<keyof typeof texts>({ touched: true, submitted: true }, message)).toBeUndefined();
  });
});

describe('firstErrors', () => {
  it('takes the first non-blank message of each field', () => {
    expect(firstErrors({ email: ['Taken', 'Other'], phone: [], name: 'Direct', x: [42, ' ', 'Late'] })).toEqual({
      email: 'Taken',
      name: 'Direct',
      x: 'Late',
    });
    expect(firstErrors(undefined)).toEqual({});
  });
});

describe('failureOf', () => {
  const envelope = (message: string, errors?: Record<string, string[]>) => ({ status: 'ERROR', message, errors });

  it("gives the server's field errors and message", () => {
    const error = new ApiError('Check the fields.', 422, envelope('Check the fields.', { cur_password: ['Wrong.'] }));
    expect(failureOf(error, 'Failed to update password')).toEqual({
      fields: { cur_password: 'Wrong.' },
      message: 'Check the fields.',
    });
  });

  it('falls back to the form text without a message (network, a thrown bug)', () => {
    expect(failureOf(new ApiError('', 0, null, 'network'), 'Failed to update password')).toEqual({
      fields: {},
      message: 'Failed to update password',
    });
    expect(failureOf(new TypeError('x'), 'Failed')).toEqual({ fields: {}, message: 'Failed' });
  });

  it('says nothing more when the API client already told the shopper (401: signed out)', () => {
    expect(failureOf(new ApiError('Unauthenticated.', 401, envelope('Unauthenticated.')), 'Failed')).toEqual({
      fields: {},
      message: null,
    });
  });
});
