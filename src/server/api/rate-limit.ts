import type { Context, MiddlewareHandler } from 'hono';
import { getTranslator } from '../i18n/index';
import { hitRateLimit, type RateLimitRule } from '../services/rate-limit';
import { type ApiEnv, clientAddress } from './env';
import { HttpError } from './errors';

export interface RateLimitOptions extends RateLimitRule {
  /**
   * Whom to count: the client address by default. Return null to skip the limit for this
   * request (e.g. a per-account limit when nobody is signed in). Called after the locale
   * middleware, before the route's validator: read the raw body, not c.req.valid().
   */
  key?: (c: Context<ApiEnv>) => string | null | Promise<string | null>;
}

export const TOO_MANY_REQUESTS_KEY = 'errors.tooManyRequests';

/** English text for when the translator cannot be reached; same words as en.json. */
export function tooManyRequestsMessage(seconds: number): string {
  return `Too many requests. Please try again in ${seconds} seconds.`;
}

/**
 * Fixed-window limit shared by every instance on the database (services/rate-limit.ts).
 * Over the limit: 429 `{status:'ERROR', message}` with Retry-After, in the request's language.
 * Every counted answer carries RateLimit-Limit/-Remaining so clients can slow down early.
 *
 *   app.post('/subscribe', rateLimit({ name: 'newsletter', limit: 5, windowSeconds: 60 }), …)
 */
export function rateLimit(options: RateLimitOptions): MiddlewareHandler<ApiEnv> {
  const rule: RateLimitRule = { name: options.name, limit: options.limit, windowSeconds: options.windowSeconds };
  const keyOf = options.key ?? clientAddress;
  return async (c, next) => {
    const identifier = await keyOf(c);
    if (identifier === null) return next();
    const result = await hitRateLimit(c.var.db, rule, identifier);
    if (!result.allowed) throw await tooManyRequests(c, { ...rule, limit: result.limit }, result.retryAfterSeconds);
    await next();
    c.header('RateLimit-Limit', String(result.limit));
    c.header('RateLimit-Remaining', String(result.remaining));
  };
}

/** The 429 of every limit: Retry-After, RateLimit headers and a message in the request's language. */
export async function tooManyRequests(c: Context<ApiEnv>, rule: RateLimitRule, seconds: number): Promise<HttpError> {
  c.var.log?.warn({ limit: rule.name }, 'rate limited');
  return new HttpError(429, await translatedMessage(c, seconds), {
    headers: {
      'Retry-After': String(seconds),
      'RateLimit-Limit': String(rule.limit),
      'RateLimit-Remaining': '0',
      'Cache-Control': 'no-store',
    },
  });
}

async function translatedMessage(c: Context<ApiEnv>, seconds: number): Promise<string> {
  const fallback = tooManyRequestsMessage(seconds);
  const code = c.var.language?.code;
  if (!code) return fallback;
  try {
    const text = (await getTranslator(c.var.db, code))(TOO_MANY_REQUESTS_KEY, { seconds });
    return text === TOO_MANY_REQUESTS_KEY ? fallback : text;
  } catch {
    return fallback;
  }
}
