import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { requestId } from 'hono/request-id';
import type { ApiEnv } from './env';
import { categoriesApp } from './categories.routes';
import { contentApp } from './content.routes';
import { errorBody } from './envelope';
import { handleError, notFound } from './errors';
import { healthApp } from './health.routes';
import { withLocale } from './locale';
import { requestLogger, withDatabase } from './middleware';
import { newsletterApp } from './newsletter.routes';
import { productsApp } from './products.routes';

export const MAX_BODY_BYTES = 1024 * 1024;

/** Only ids that are safe to echo into logs and headers are accepted from a proxy. */
const REQUEST_ID = /^[\w.:-]{1,128}$/;

/**
 * The whole API under /api. Resources are sub-apps from createRouter(), mounted with
 * `api.route('/products', productsApp)`; they inherit logging, the database and error handling.
 */
export function createApi() {
  const api = new Hono<ApiEnv>().basePath('/api');
  api.use(
    requestId({
      generator: (c) => {
        const incoming = c.req.header('X-Request-Id');
        return incoming && REQUEST_ID.test(incoming) ? incoming : crypto.randomUUID();
      },
    }),
  );
  api.use(requestLogger());
  api.use(
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) => c.json(errorBody('The request body is too large (limit 1 MB).'), 413),
    }),
  );
  api.use(withDatabase());
  api.notFound(notFound);
  api.onError(handleError);

  // Health is mounted before the locale middleware so it answers even when the database is down.
  api.route('/health', healthApp);
  api.use(withLocale());
  api.route('/products', productsApp);
  api.route('/categories', categoriesApp);
  api.route('/newsletter', newsletterApp);
  api.route('/', contentApp);
  return api;
}

export type Api = ReturnType<typeof createApi>;
