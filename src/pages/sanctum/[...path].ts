import type { APIRoute } from 'astro';
import { handleApiRequest } from '@/server/api/handler';

export const prerender = false;

/** GET /sanctum/csrf-cookie, answered by the API app (src/server/api/sanctum.routes.ts). */
export const ALL: APIRoute = (context) => handleApiRequest(context);
