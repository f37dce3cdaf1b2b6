import { config } from './config';
import { clientOrigin } from './trusted-proxies';

/** One year, subdomains included: what browsers' preload rules and the nginx example use. */
export const HSTS_VALUE = 'max-age=31536000; includeSubDomains';

/**
 * Whether a request reached the shop over https: a trusted proxy forwarded it as https, or the
 * shop's public address is https (TLS ends in front of it). The same rule makes cookies Secure.
 */
export function reachedOverHttps(forwardedHttps: boolean, publicUrl: string = config().PUBLIC_URL): boolean {
  return forwardedHttps || publicUrl.startsWith('https://');
}

/**
 * The Strict-Transport-Security value for a request, or null over plain http (an http shop must
 * never pin browsers to https it does not serve). Set by scripts/start.mjs on every answer:
 * pages, API, static files and error texts alike.
 */
export function strictTransportSecurity(
  peer: string | undefined,
  forwardedProto: string | string[] | null | undefined,
): string | null {
  const proto = Array.isArray(forwardedProto) ? forwardedProto.join(',') : forwardedProto;
  const { forwardedHttps } = clientOrigin({ peer, forwardedProto: proto }, config().TRUST_PROXY);
  return reachedOverHttps(forwardedHttps) ? HSTS_VALUE : null;
}
