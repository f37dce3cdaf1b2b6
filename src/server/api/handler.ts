import type { APIContext } from 'astro';
import { peerOf, requestOrigin } from '../client-origin';
import { createApi } from './app';

// One app per process: building the router per request would redo route compilation each time.
let api: ReturnType<typeof createApi> | undefined;

/** What the Astro routes for /api/* and /sanctum/* answer with. */
export function handleApiRequest(context: APIContext): Promise<Response> | Response {
  api ??= createApi();
  const origin = requestOrigin(peerOf(context), context.request.headers);
  return api.fetch(context.request, { clientAddress: origin.address, forwardedHttps: origin.forwardedHttps });
}
