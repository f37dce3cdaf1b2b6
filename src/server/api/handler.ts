import type { APIContext } from 'astro';
import { peerOf, requestOrigin } from '../client-origin';
import { createApi } from './app';

// One app per process: building the router per request would redo route compilation each time.
let api: ReturnType<typeof createApi> | undefined;

/** What the Astro routes for /api/* and /sanctum/* answer with. */
export async function handleApiRequest(context: APIContext): Promise<Response> {
  api ??= createApi();
  const origin = requestOrigin(peerOf(context), context.request.headers);
  const matched: { route?: string } = {};
  const response = await api.fetch(context.request, {
    clientAddress: origin.address,
    forwardedHttps: origin.forwardedHttps,
    matched,
  });
  if (matched.route) context.locals.routePattern = matched.route;
  return response;
}
