import { describe, expect, it } from 'vitest';
import { DEFAULT_REDIRECT, isSafeRedirect, safeRedirect, signInUrl } from './redirect';

describe('safeRedirect()', () => {
  it('keeps same-site paths with query and hash', () => {
    for (const path of ['/', '/account', '/account?tab=orders', '/products/all?new=true#top', '/static-page/terms', '/a/./b']) {
      expect(safeRedirect(path), path).toBe(path);
    }
  });

  it('falls back to /account, or the given fallback, when there is no value', () => {
    expect(DEFAULT_REDIRECT).toBe('/account');
    expect(safeRedirect(undefined)).toBe('/account');
    expect(safeRedirect(null)).toBe('/account');
    expect(safeRedirect('')).toBe('/account');
    expect(safeRedirect('', '/')).toBe('/');
  });

  it('rejects other hosts, schemes and tricks', () => {
    const hostile = [
      '//evil.example',
      '//evil.example/account',
      '///evil.example',
      '/\\evil.example',
      '\\\\evil.example',
      '\\/evil.example',
      '/\\/evil.example',
      '/a\\b',
      'https://evil.example',
      'http:/evil.example',
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      ' javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox',
      'evil.example',
      'account',
      './/evil.example',
      ' /account',
      '/\t/evil.example',
      '/\n/evil.example',
      '/\r\n/evil.example',
      '/\u0000/evil.example',
      '/account\u0007',
      '/\u007f',
      '/\u0085x',
      '/\u2028/evil.example',
      '\t//evil.example',
      `/${'a'.repeat(2100)}`,
    ];
    for (const value of hostile) {
      expect(isSafeRedirect(value), JSON.stringify(value)).toBe(false);
      expect(safeRedirect(value), JSON.stringify(value)).toBe('/account');
    }
  });

  it('rejects values that are not strings', () => {
    for (const value of [42, {}, ['/account'], true, Symbol('x')]) {
      expect(safeRedirect(value)).toBe('/account');
    }
  });

  it('keeps encoded slashes inside the path (they stay a path on this site)', () => {
    expect(safeRedirect('/%2F%2Fevil.example')).toBe('/%2F%2Fevil.example');
    expect(new URL(safeRedirect('/%2F%2Fevil.example'), 'https://shop.example').host).toBe('shop.example');
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
    expect(signInUrl('/auth?form=signup')).toBe('/auth?form=signin');
    expect(signInUrl('/reset-password?token=x')).toBe('/auth?form=signin');
  });
});
