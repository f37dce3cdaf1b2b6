import pino from 'pino';

/**
 * Structured JSON logs; LOG_LEVEL read directly so logging works before config is validated.
 * SHOP_MODE is the mode scripts/start.mjs was given (it forces NODE_ENV to production).
 */
export const logger = pino({
  level: process.env.LOG_LEVEL ?? ((process.env.SHOP_MODE || process.env.NODE_ENV) === 'test' ? 'silent' : 'info'),
  base: undefined,
});
