import { describe, expect, it } from 'vitest';
import { authPageModel, resolveAuthForm } from './auth-page';

const model = (query: string, settings: { isRegEnabled: boolean } | null = { isRegEnabled: true }) =>
  authPageModel(new URLSearchParams(query), settings);

describe('resolveAuthForm()', () => {
  it('defaults to signin', () => {
    expect(resolveAuthForm(null)).toBe('signin');
    expect(resolveAuthForm('')).toBe('signin');
    expect(resolveAuthForm('SIGNUP')).toBe('signin');
    expect(resolveAuthForm('admin')).toBe('signin');
    expect(resolveAuthForm('signup')).toBe('signup');
    expect(resolveAuthForm('reset')).toBe('reset');
  });
});

describe('authPageModel()', () => {
  it('signs in and returns to /account without a redirect', () => {
    const page = model('');
    expect(page).toMatchObject({
      form: 'signin',
      redirect: '/account',
      hasRedirect: false,
      verificationUrl: '/email-verification',
    });
    expect(page.href('signup')).toBe('/auth?form=signup');
  });

  it('keeps a same-site redirect in the form links and after sign-up', () => {
    const page = model('form=signup&redirect=%2Fcart%3Fstep%3D2');
    expect(page.form).toBe('signup');
    expect(page.redirect).toBe('/cart?step=2');
    expect(page.href('signin')).toBe('/auth?form=signin&redirect=%2Fcart%3Fstep%3D2');
    expect(page.verificationUrl).toBe('/email-verification?redirect=%2Fcart%3Fstep%3D2');
  });

  it('drops a redirect to another site everywhere', () => {
    for (const bad of ['//evil.example', 'https://evil.example', '/\\evil.example', 'javascript:alert(1)']) {
      const page = model(`redirect=${encodeURIComponent(bad)}`);
      expect(page.redirect).toBe('/account');
      expect(page.hasRedirect).toBe(false);
      expect(page.href('reset')).toBe('/auth?form=reset');
      expect(page.verificationUrl).toBe('/email-verification');
    }
  });

  it('follows is_reg_enabled, open when the shop has no settings yet', () => {
    expect(model('form=signup', { isRegEnabled: false }).registrationEnabled).toBe(false);
    expect(model('form=signup', { isRegEnabled: true }).registrationEnabled).toBe(true);
    expect(model('form=signup', null).registrationEnabled).toBe(true);
  });
});
