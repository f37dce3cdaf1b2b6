import { describe, expect, it } from 'vitest';
import { ConfigError, demoPasswordPolicy, parseConfig } from '@/server/config';

function configError(env: Record<string, string>): ConfigError {
  try {
    parseConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error(`parseConfig(${JSON.stringify(env)}) did not throw`);
}

describe('parseConfig', () => {
  it('applies the documented defaults to an empty environment', () => {
    const { TRUST_PROXY, ...rest } = parseConfig({});
    expect(TRUST_PROXY.entries).toEqual([]);
    expect(rest).toEqual({
      PORT: 4321,
      HOST: '0.0.0.0',
      DATA_DIR: './data',
      PUBLIC_URL: 'http://localhost:4321',
      MAIL_FROM: 'shop@localhost',
      OTEL_SERVICE_NAME: 'gear-shop',
      SEED: 'demo',
      PAYMENT_PROVIDER: 'demo',
      LOG_LEVEL: 'info',
      RATE_LIMIT_MULTIPLIER: 1,
      JOBS_INTERVAL_SECONDS: 60,
      PHONE_ORDER_EXPIRY_HOURS: 72,
      UNPAID_ORDERS_PER_CUSTOMER: 3,
      UNPAID_UNITS_PER_CUSTOMER: 100,
      S3_REGION: 'us-east-1',
    });
  });

  it('takes S3 media storage only whole, naming what is missing and never echoing a key', () => {
    const s3 = {
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_BUCKET: 'shop-media',
      S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
      S3_SECRET_ACCESS_KEY: 'secret-value-123',
    };
    expect(parseConfig({ ...s3, S3_REGION: 'eu-central-1' })).toMatchObject({ ...s3, S3_REGION: 'eu-central-1' });
    expect(configError({ S3_ENDPOINT: s3.S3_ENDPOINT }).message).toBe(
      'Invalid configuration: S3_BUCKET: is required with S3_ENDPOINT (S3 media storage needs S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY)',
    );
    expect(configError({ ...s3, S3_SECRET_ACCESS_KEY: '' }).message).toMatch(
      /^Invalid configuration: S3_SECRET_ACCESS_KEY: is required with S3_ENDPOINT/,
    );
    expect(configError({ ...s3, S3_ENDPOINT: 'ftp://files.example' }).message).toBe(
      'Invalid configuration: S3_ENDPOINT="ftp://files.example": must be an http:// or https:// address',
    );
    expect(configError({ ...s3, S3_BUCKET: 'Shop_Media' }).message).toBe(
      'Invalid configuration: S3_BUCKET="Shop_Media": must be a bucket name (3 to 63 lowercase letters, digits, dots and hyphens)',
    );
    for (const [name, value] of [
      ['S3_SECRET_ACCESS_KEY', 'has spaces in it'],
      ['S3_ACCESS_KEY_ID', 'a b'],
    ] as const) {
      const message = configError({ ...s3, [name]: value }).message;
      expect(message).toMatch(new RegExp(`^Invalid configuration: ${name}: must be`));
      expect(message).not.toContain(value);
    }
    expect(configError({ S3_REGION: 'Not A Region' }).message).toBe(
      'Invalid configuration: S3_REGION="Not A Region": must be a region name such as us-east-1',
    );
  });

  it('derives PUBLIC_URL from PORT and drops a trailing slash of an explicit one', () => {
    expect(parseConfig({ PORT: '8080' }).PUBLIC_URL).toBe('http://localhost:8080');
    expect(parseConfig({ PUBLIC_URL: 'https://shop.example.com/' }).PUBLIC_URL).toBe('https://shop.example.com');
  });

  it('takes the mode from SHOP_MODE, which the start script keeps when it forces NODE_ENV to production', () => {
    expect(parseConfig({ SHOP_MODE: 'development', NODE_ENV: 'production' }).NODE_ENV).toBe('development');
    expect(parseConfig({ SHOP_MODE: 'test', NODE_ENV: 'production' }).NODE_ENV).toBe('test');
    expect(parseConfig({ NODE_ENV: 'production' }).NODE_ENV).toBe('production');
    expect(() => parseConfig({ SHOP_MODE: 'staging' })).toThrow(/NODE_ENV/);
  });

  it('is safe by default in production: base data without the demo, no demo card gateway, no published demo passwords', () => {
    for (const env of [{ NODE_ENV: 'production' }, { SHOP_MODE: 'production', NODE_ENV: 'production' }]) {
      const cfg = parseConfig(env);
      expect(cfg).toMatchObject({ SEED: 'base', PAYMENT_PROVIDER: 'none' });
      expect(demoPasswordPolicy(cfg)).toBe('generated');
    }
    // `npm start` forces NODE_ENV=production for React; the operator's mode is what counts.
    expect(parseConfig({ SHOP_MODE: 'development', NODE_ENV: 'production' })).toMatchObject({
      SEED: 'demo',
      PAYMENT_PROVIDER: 'demo',
    });
    for (const mode of [{}, { NODE_ENV: 'development' }, { NODE_ENV: 'test' }]) {
      const cfg = parseConfig(mode);
      expect(cfg).toMatchObject({ SEED: 'demo', PAYMENT_PROVIDER: 'demo' });
      expect(demoPasswordPolicy(cfg)).toBe('published');
    }
  });

  it('turns the demo seed and the demo gateway on in production only when asked explicitly', () => {
    const cfg = parseConfig({ NODE_ENV: 'production', SEED: 'demo', PAYMENT_PROVIDER: 'demo' });
    expect(cfg).toMatchObject({ SEED: 'demo', PAYMENT_PROVIDER: 'demo' });
    // Even then the demo accounts get no published password.
    expect(demoPasswordPolicy(cfg)).toBe('generated');
    expect(parseConfig({ SEED: 'none', PAYMENT_PROVIDER: 'none' })).toMatchObject({
      SEED: 'none',
      PAYMENT_PROVIDER: 'none',
    });
    expect(parseConfig({ SEED: 'base' })).toMatchObject({ SEED: 'base' });
    expect(() => parseConfig({ SEED: 'empty' })).toThrow(/^Invalid configuration: SEED="empty": /);
  });

  it('treats empty strings as unset', () => {
    expect(parseConfig({ PORT: '', DATABASE_URL: '', SEED: '' })).toMatchObject({ PORT: 4321, SEED: 'demo' });
    expect(parseConfig({ DATABASE_URL: '' }).DATABASE_URL).toBeUndefined();
  });

  it('accepts real values', () => {
    const cfg = parseConfig({
      PORT: '3000',
      DATABASE_URL: 'postgres://shop@db:5432/shop',
      SMTP_URL: 'smtp://mail:25',
      SEED: 'none',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      APP_KEY: 'k'.repeat(32),
      RATE_LIMIT_MULTIPLIER: '50',
      TRUST_PROXY: 'loopback, 10.0.0.0/8',
    });
    expect(cfg.TRUST_PROXY.entries).toEqual(['loopback', '10.0.0.0/8']);
    expect(cfg).toMatchObject({
      PORT: 3000,
      DATABASE_URL: 'postgres://shop@db:5432/shop',
      SEED: 'none',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MULTIPLIER: 50,
    });
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x'],
    ['SEED', 'lots'],
    ['PAYMENT_PROVIDER', 'paypal'],
    ['SMTP_URL', 'http://mail'],
    ['LOG_LEVEL', 'loud'],
    ['RATE_LIMIT_MULTIPLIER', '0'],
    ['RATE_LIMIT_MULTIPLIER', 'many'],
    ['JOBS_INTERVAL_SECONDS', '0'],
    ['PHONE_ORDER_EXPIRY_HOURS', '0'],
    ['PHONE_ORDER_EXPIRY_HOURS', '1.5'],
    ['UNPAID_ORDERS_PER_CUSTOMER', '0'],
    ['UNPAID_UNITS_PER_CUSTOMER', 'lots'],
    ['TRUST_PROXY', 'everyone'],
    ['TRUST_PROXY', '10.0.0.0/33'],
    ['TRUST_PROXY', 'loopback, 300.1.1.1'],
  ])('rejects %s=%s with one line naming the variable', (name, value) => {
    const error = configError({ [name]: value });
    expect(error.message).toContain(name);
    expect(error.message).toContain(value);
    expect(error.message).not.toContain('\n');
  });

  it.each([
    ['APP_KEY', 'too-short'],
    ['STRIPE_SECRET_KEY', 'pk_live_publishable123'],
    ['STRIPE_WEBHOOK_SECRET', 'secret-but-wrong'],
  ])('rejects %s=%s naming the variable but never echoing a secret', (name, value) => {
    const error = configError({ [name]: value });
    expect(error.message).toContain(name);
    expect(error.message).not.toContain(value);
    expect(error.message).not.toContain('\n');
  });

  it('requires both Stripe secrets with PAYMENT_PROVIDER=stripe', () => {
    expect(configError({ PAYMENT_PROVIDER: 'stripe' }).message).toBe(
      'Invalid configuration: STRIPE_SECRET_KEY: is required with PAYMENT_PROVIDER=stripe',
    );
    expect(configError({ PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_abc' }).message).toBe(
      'Invalid configuration: STRIPE_WEBHOOK_SECRET: is required with PAYMENT_PROVIDER=stripe',
    );
    expect(
      parseConfig({ PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc' })
        .PAYMENT_PROVIDER,
    ).toBe('stripe');
  });
});
