import { z } from 'zod';
import { parseTrustProxy } from './trusted-proxies';

/** Card payment providers a shop can be configured with; `none` offers phone payment only. */
export const PAYMENT_PROVIDERS = ['demo', 'stripe', 'none'] as const;

/**
 * Environment configuration (docs/architecture.md "Configuration"). Parsed once; a bad value
 * throws ConfigError whose message is one line naming the variable and the problem.
 */
const schema = z
  .object({
    PORT: z.coerce.number().int().min(1).max(65535).default(4321),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
    /** A streaming replica for catalogue and content reads (ADR 015); needs DATABASE_URL. */
    DATABASE_READ_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
    DATA_DIR: z.string().min(1).default('./data'),
    PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional(),
    MAIL_FROM: z.string().min(3).default('shop@localhost'),
    /** Signs email links; unset → a random key kept in the database (app_secrets). */
    APP_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
    /**
     * What an empty database gets at start. Unset → by mode: `demo` outside production, `base` in
     * production (a real shop's base data without the demo, seed/base.ts); `none`: nothing.
     */
    SEED: z.enum(['demo', 'base', 'none']).optional(),
    NODE_ENV: z.enum(['development', 'production', 'test']).optional(),
    /**
     * Who takes card payments (payments/provider.ts). Unset → by mode: the demo gateway outside
     * production, none in production, where a free test card must never pay an order.
     */
    PAYMENT_PROVIDER: z.enum(PAYMENT_PROVIDERS).optional(),
    /** Stripe Checkout (ADR 024): required with PAYMENT_PROVIDER=stripe. */
    STRIPE_SECRET_KEY: z
      .string()
      .regex(/^(sk|rk)_(test|live)_\w+$/, 'must be a Stripe secret key (sk_test_… or sk_live_…)')
      .optional(),
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .regex(/^whsec_\w+$/, 'must be a Stripe webhook signing secret (whsec_…)')
      .optional(),
    /** Where the Stripe API is (tests: the local fake); unset → api.stripe.com. */
    STRIPE_API_BASE: z.url({ protocol: /^https?$/ }).optional(),
    /** Multiplies every rate limit; for load and end-to-end tests from one address. */
    RATE_LIMIT_MULTIPLIER: z.coerce.number().int().min(1).max(1000).default(1),
    /**
     * Uploaded photos go to this S3-compatible bucket (MinIO or any S3 API) when S3_ENDPOINT is
     * set, else under DATA_DIR/media (ADR 026). Endpoint, bucket and both keys go together.
     */
    S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// address' }).optional(),
    S3_BUCKET: z
      .string()
      .regex(
        /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
        'must be a bucket name (3 to 63 lowercase letters, digits, dots and hyphens)',
      )
      .optional(),
    S3_ACCESS_KEY_ID: z
      .string()
      .regex(/^[\x21-\x7e]{3,128}$/, 'must be 3 to 128 printable characters without spaces')
      .optional(),
    S3_SECRET_ACCESS_KEY: z
      .string()
      .regex(/^[\x21-\x7e]{8,256}$/, 'must be 8 to 256 printable characters without spaces')
      .optional(),
    /**
     * A CDN in front of the shop (docs/cdn.md): edits POST the surrogate keys they made stale
     * to this webhook, with CDN_PURGE_TOKEN as a bearer token when set.
     */
    CDN_PURGE_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// address' }).optional(),
    CDN_PURGE_TOKEN: z
      .string()
      .regex(/^[\x21-\x7e]{8,512}$/, 'must be 8 to 512 printable characters without spaces')
      .optional(),
    S3_REGION: z
      .string()
      .regex(/^[a-z0-9-]{1,32}$/, 'must be a region name such as us-east-1')
      .default('us-east-1'),
    /** Enables /metrics (Prometheus), answered only with `Authorization: Bearer <token>`; unset: 404. */
    METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
    /** An OTLP/HTTP collector (e.g. http://otel-collector:4318): traces are sent there when set. */
    OTEL_EXPORTER_OTLP_ENDPOINT: z
      .url({ protocol: /^https?$/, error: 'must be an http:// or https:// address' })
      .optional(),
    OTEL_SERVICE_NAME: z.string().min(1).max(128).default('gear-shop'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** How often each instance's background jobs tick (order expiry, mail retry). */
    JOBS_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
    /** Unpaid phone orders fail after this many hours and release their stock (ADR 012). */
    PHONE_ORDER_EXPIRY_HOURS: z.coerce.number().int().min(1).max(8760).default(72),
    /** At most this many unpaid orders (card or phone) per customer at a time. */
    UNPAID_ORDERS_PER_CUSTOMER: z.coerce.number().int().min(1).max(1000).default(3),
    /** At most this many units in one customer's unpaid orders together, the new one included. */
    UNPAID_UNITS_PER_CUSTOMER: z.coerce.number().int().min(1).max(100000).default(100),
    /** Reverse proxies whose X-Forwarded-For/-Proto count (trusted-proxies.ts); unset → none. */
    TRUST_PROXY: z
      .string()
      .optional()
      .transform((value, ctx) => {
        try {
          return parseTrustProxy(value);
        } catch (error) {
          ctx.issues.push({ code: 'custom', input: value, message: (error as Error).message });
          return z.NEVER;
        }
      }),
  })
  .superRefine((env, ctx) => {
    if (env.DATABASE_READ_URL && !env.DATABASE_URL)
      ctx.issues.push({
        code: 'custom',
        input: undefined,
        path: ['DATABASE_READ_URL'],
        message: 'needs DATABASE_URL (the primary): a replica serves PostgreSQL only',
      });
    const s3 = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
    const given = s3.filter((name) => env[name] !== undefined);
    if (given.length > 0) {
      for (const name of s3) {
        if (!env[name])
          ctx.issues.push({
            code: 'custom',
            input: undefined,
            path: [name],
            message: `is required with ${given[0]} (S3 media storage needs ${s3.join(', ')})`,
          });
      }
    }
    if (env.PAYMENT_PROVIDER !== 'stripe') return;
    for (const name of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'] as const) {
      if (!env[name])
        ctx.issues.push({
          code: 'custom',
          input: undefined,
          path: [name],
          message: 'is required with PAYMENT_PROVIDER=stripe',
        });
    }
  })
  .transform((env) => {
    const production = env.NODE_ENV === 'production';
    return {
      ...env,
      PUBLIC_URL: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
      SEED: env.SEED ?? (production ? 'base' : 'demo'),
      PAYMENT_PROVIDER: env.PAYMENT_PROVIDER ?? (production ? 'none' : 'demo'),
    };
  });

export type Config = z.output<typeof schema>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Empty strings count as unset, as a shell `FOO=` usually means "no value". */
function cleanEnv(env: Record<string, string | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) {
    if (value !== undefined && value !== '') out[key] = value;
  }
  return out;
}

/** The mode the shop was started in; scripts/start.mjs forces NODE_ENV to production for React. */
export function shopMode(env: Record<string, string | undefined> = process.env): string | undefined {
  return env.SHOP_MODE || env.NODE_ENV || undefined;
}

export function parseConfig(env: Record<string, string | undefined> = process.env): Config {
  const result = schema.safeParse(cleanEnv({ ...env, NODE_ENV: shopMode(env) }));
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const key = issue.path.join('.') || 'environment';
    // A secret's value never reaches the logs, even a wrong one.
    const value = /SECRET|KEY/.test(key) ? undefined : key === 'NODE_ENV' ? shopMode(env) : env[key];
    throw new ConfigError(
      `Invalid configuration: ${key}${value !== undefined ? `=${JSON.stringify(value)}` : ''}: ${issue.message}`,
    );
  }
  return result.data;
}

let cached: Config | undefined;

/**
 * Demo accounts get the passwords the README publishes only where nobody else can reach them;
 * a production shop seeded with SEED=demo gets random ones, shown once at the seed.
 */
export function demoPasswordPolicy(cfg: Pick<Config, 'NODE_ENV'>): 'published' | 'generated' {
  return cfg.NODE_ENV === 'production' ? 'generated' : 'published';
}

export function config(): Config {
  cached ??= parseConfig();
  return cached;
}
