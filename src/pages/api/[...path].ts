import type { APIRoute } from 'astro';
import { handleApiRequest } from '@/server/api/handler';

export const prerender = false;

export const ALL: APIRoute = (context) => handleApiRequest(context);
