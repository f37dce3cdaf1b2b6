import type { APIRoute } from 'astro';
import { createApi } from '../../server/api/app';

export const prerender = false;

// One app per module: building the router per request would redo route compilation each time.
const api = createApi();

export const ALL: APIRoute = (context) =>
  api.fetch(context.request, { clientAddress: context.clientAddress });
