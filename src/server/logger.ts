import pino from 'pino';

/** Structured JSON logs; LOG_LEVEL read directly so logging works before config is validated. */
export const logger = pino({
  level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === 'test' ? 'silent' : 'info'),
  base: undefined,
});
