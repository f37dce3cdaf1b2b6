import { hmacHex, safeEqual } from '../services/auth/crypto';

/**
 * Signed notifications from the card gateway, Stripe style: `X-Demo-Signature: t=<unix>,v1=<hex>`
 * with v1 = HMAC-SHA256(secret, "<t>.<raw body>"). The timestamp bounds replays of a captured
 * request; settling is idempotent besides.
 */
export const SIGNATURE_HEADER = 'X-Demo-Signature';
export const SIGNATURE_TOLERANCE_SECONDS = 300;

export function signPayload(secret: string, body: string, nowSeconds = Math.floor(Date.now() / 1000)): string {
  return `t=${nowSeconds},v1=${hmacHex(secret, `${nowSeconds}.${body}`)}`;
}

export function verifySignature(
  secret: string,
  body: string,
  header: string | undefined,
  nowSeconds = Math.floor(Date.now() / 1000),
): boolean {
  if (!header || header.length > 200) return false;
  const parts = Object.fromEntries(
    header.split(',').map((part) => {
      const eq = part.indexOf('=');
      return [part.slice(0, eq).trim(), part.slice(eq + 1).trim()];
    }),
  );
  const t = Number(parts.t);
  const v1 = parts.v1;
  if (!Number.isInteger(t) || !v1 || !/^[0-9a-f]{64}$/.test(v1)) return false;
  if (Math.abs(nowSeconds - t) > SIGNATURE_TOLERANCE_SECONDS) return false;
  return safeEqual(hmacHex(secret, `${t}.${body}`), v1);
}
