import { describe, expect, it } from 'vitest';
import { MAX_PAGE_ADDRESS_LENGTH, checkAddress, checkForm, declaredTooLarge } from './page-input';
import { escapeUndecodablePath } from './page-requests.mjs';

const FORM = 'application/x-www-form-urlencoded';
const bytes = (text: string) => new TextEncoder().encode(text);

describe('checkAddress()', () => {
  it.each([
    ['/', ''],
    ['/products/all/all', '?search=caf%C3%A9+bike&page=2'],
    ['/static-page/terms', ''],
    ['/products/a%2Fb', '?x=%2F%2F'],
    ['/auth', '?redirect=%2Faccount%3Ftab%3Dorders'],
    ['/products/%E2%9C%93', '?a&b=&=c'],
  ])('lets %s%s through', (path, search) => {
    expect(checkAddress(path, search)).toBeNull();
  });

  it.each([
    ['/static-page/%00', 'path-nul'],
    ['/static-page/%2500', 'path-nul'],
    ['/static-page/%252500', 'path-nul'],
    ['/%FF', 'path-encoding'],
    ['/static-page/%C3%28', 'path-encoding'],
    ['/products/a%25zz', 'path-encoding'],
    ['/%25FF', 'path-encoding'],
  ])('answers the path %s with 404 (%s)', (path, reason) => {
    expect(checkAddress(path, '')).toEqual({ status: 404, reason });
  });

  it.each([
    ['?search=a%00', 'query-nul'],
    ['?%00=1', 'query-nul'],
    ['?search=%C3%28', 'query-encoding'],
    ['?search=%FF', 'query-encoding'],
    ['?search=%zz', 'query-encoding'],
    ['?search=100%', 'query-encoding'],
  ])('answers the query %s with 400 (%s)', (search, reason) => {
    expect(checkAddress('/products/all/all', search)).toEqual({ status: 400, reason });
  });

  it('answers an address over the limit with 414, one within it passes', () => {
    const within = `?q=${'a'.repeat(MAX_PAGE_ADDRESS_LENGTH - 4)}`;
    expect(checkAddress('/', within)).toBeNull();
    expect(checkAddress('/', `${within}a`)).toEqual({ status: 414, reason: 'address-too-long' });
  });
});

describe('checkForm()', () => {
  it('takes an empty body and UTF-8 form fields', () => {
    expect(checkForm(null, new Uint8Array())).toBeNull();
    expect(checkForm(FORM, bytes('number=4242+4242&holder=Jos%C3%A9'))).toBeNull();
    expect(checkForm(`${FORM}; charset=UTF-8`, bytes('a=1'))).toBeNull();
  });

  it('refuses other types, bytes that are not UTF-8, bad escapes and NUL', () => {
    expect(checkForm('application/json', bytes('{}'))).toEqual({ status: 415, reason: 'form-type' });
    expect(checkForm('multipart/form-data; boundary=b', bytes('--b--'))).toEqual({ status: 415, reason: 'form-type' });
    expect(checkForm(null, bytes('a=1'))).toEqual({ status: 415, reason: 'form-type' });
    expect(checkForm(FORM, new Uint8Array([0x61, 0x3d, 0xff]))).toEqual({ status: 400, reason: 'form-encoding' });
    expect(checkForm(FORM, bytes('a=%FF'))).toEqual({ status: 400, reason: 'form-encoding' });
    expect(checkForm(FORM, bytes('a=%C3%28'))).toEqual({ status: 400, reason: 'form-encoding' });
    expect(checkForm(FORM, bytes('a=4242%00'))).toEqual({ status: 400, reason: 'form-nul' });
    expect(checkForm(FORM, bytes('a%00=1'))).toEqual({ status: 400, reason: 'form-nul' });
  });
});

describe('declaredTooLarge()', () => {
  it('compares a numeric Content-Length with the limit', () => {
    expect(declaredTooLarge('2097153', 2097152)).toBe(true);
    expect(declaredTooLarge('2097152', 2097152)).toBe(false);
    expect(declaredTooLarge(null, 10)).toBe(false);
    expect(declaredTooLarge('abc', 10)).toBe(false);
  });
});

describe('escapeUndecodablePath()', () => {
  it('escapes the % of a path that does not decode, so Astro does not log it as an error', () => {
    expect(escapeUndecodablePath('/%FF?x=%FF')).toBe('/%25FF?x=%FF');
    expect(escapeUndecodablePath('/static-page/%C3%28')).toBe('/static-page/%25C3%2528');
    expect(escapeUndecodablePath('/products/all?search=%FF')).toBe('/products/all?search=%FF');
    expect(escapeUndecodablePath('/caf%C3%A9')).toBe('/caf%C3%A9');
  });

  it('leaves the gate its answer: the escaped path is still refused with 404', () => {
    expect(checkAddress(escapeUndecodablePath('/%FF'), '')).toEqual({ status: 404, reason: 'path-encoding' });
  });
});
