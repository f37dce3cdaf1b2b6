import { config } from './config';
import { type ClientOrigin, clientOrigin } from './trusted-proxies';

/**
 * The one place a request's client address and scheme are decided (API handler and page
 * middleware): the socket peer, or what a TRUST_PROXY proxy forwarded for it.
 */
export function requestOrigin(peer: string | undefined, headers: Headers): ClientOrigin {
  return clientOrigin(
    { peer, forwardedFor: headers.get('x-forwarded-for'), forwardedProto: headers.get('x-forwarded-proto') },
    config().TRUST_PROXY,
  );
}

/** Astro's clientAddress getter throws when the adapter has no socket (prerendering). */
export function peerOf(context: { clientAddress: string }): string | undefined {
  try {
    return context.clientAddress;
  } catch {
    return undefined;
  }
}
