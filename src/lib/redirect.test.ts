import { describe, expect, it } from 'vitest';
import { HOSTILE_REDIRECTS, SAFE_REDIRECTS } from '~/tests/helpers/hostile-redirects';
import { DEFAULT_REDIRECT, isSafeRedirect, safeRedirect, signInUrl } from './redirect';

describe('safeRedirect()', () => {
  it.each(SAFE_REDIRECTS.map((path) => [path.slice(0, 60), path]))('keeps the same-site path %s', (_, path) => {
    expect(isSafeRedirect(path)).toBe(true);
    expect(safeRedirect(path)).toBe(path);
    expect(new URL(path, 'https://shop.example').host).toBe('shop.example');
  });

  it('falls back to /account, or the given fallback, when there is no value', () => {
    expect(DEFAULT_REDIRECT).toBe('/account');
    expect(safeRedirect(undefined)).toBe('/account');
    expect(safeRedirect(null)).toBe('/account');
    expect(safeRedirect('')).toBe('/account');
    expect(safeRedirect('', '/')).toBe('/');
  });

  it.each(HOSTILE_REDIRECTS.map((c) => [c.name, c.value]))('rejects %s', (_, value) => {
    expect(isSafeRedirect(value)).toBe(false);
    expect(safeRedirect(value)).toBe('/account');
    expect(safeRedirect(value, '/')).toBe('/');
    // Not even with the shop's own origin allowed.
    expect(isSafeRedirect(value, { origin: 'https://shop.example' })).toBe(false);
  });

  it('rejects values that are not strings', () => {
    for (const value of [42, {}, ['/account'], true, Symbol('x')]) {
      expect(safeRedirect(value)).toBe('/account');
    }
  });

  it('takes an absolute URL only on the origin the caller names, with a safe path', () => {
    const origin = { origin: 'https://shop.example' };
    expect(safeRedirect('https://shop.example/payment/processing?payment=1', '/', origin)).toBe(
      'https://shop.example/payment/processing?payment=1',
    );
    expect(safeRedirect('https://shop.example/payment/processing?payment=1', '/')).toBe('/');
    expect(isSafeRedirect('https://shop.example:8443/x', origin)).toBe(false);
    expect(isSafeRedirect('http://shop.example/x', origin)).toBe(false);
    expect(isSafeRedirect('https://shop.example.evil.example/x', origin)).toBe(false);
    expect(isSafeRedirect('https://shop.example@evil.example/x', origin)).toBe(false);
    expect(isSafeRedirect('https://shop.example//evil.example', origin)).toBe(false);
    expect(isSafeRedirect('https://shop.example/\t/evil.example', origin)).toBe(false);
    expect(isSafeRedirect('https://shop.example', origin)).toBe(false);
    expect(isSafeRedirect('https://evil.example/x', { origin: 'javascript:alert(1)' })).toBe(false);
  });
});

describe('signInUrl()', () => {
  it('carries the path to return to', () => {
    expect(signInUrl('/account?tab=orders')).toBe('/auth?form=signin&redirect=%2Faccount%3Ftab%3Dorders');
    expect(signInUrl('/cart')).toBe('/auth?form=signin&redirect=%2Fcart');
  });

  it('gives the plain sign-in page for no path, unsafe paths and the auth pages themselves', () => {
    expect(signInUrl()).toBe('/auth?form=signin');
    expect(signInUrl('//evil.example')).toBe('/auth?form=signin');
    expect(signInUrl('/%2F%2Fevil.example')).toBe('/auth?form=signin');
    expect(signInUrl('/auth?form=signup')).toBe('/auth?form=signin');
    expect(signInUrl('/reset-password?token=x')).toBe('/auth?form=signin');
  });
});
