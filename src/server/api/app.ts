import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { routePath } from 'hono/route';
import type { ApiEnv } from './env';
import { accountApp } from './account.routes';
import { adminCustomersApp } from './admin-customers.routes';
import { adminEditorsApp } from './admin-editors.routes';
import { adminFaqsApp } from './admin-faqs.routes';
import { adminFeaturedApp } from './admin-featured.routes';
import { adminMailApp } from './admin-mail.routes';
import { adminMediaApp } from './admin-media.routes';
import { requireAdminArea } from './admin-guard';
import { adminHomePageApp, adminPagesApp } from './admin-pages.routes';
import { adminPreviewApp } from './admin-preview.routes';
import { adminOrdersApp } from './admin-orders.routes';
import { adminProductsApp } from './admin-products.routes';
import { adminCategoriesApp } from './admin-categories.routes';
import { adminPromoCodesApp } from './admin-promo-codes.routes';
import { adminCurrenciesApp, adminShippingApp, adminVatRatesApp } from './admin-shipping.routes';
import { adminAttributesApp } from './admin-attributes.routes';
import { adminCatalogImportsApp } from './admin-catalog-imports.routes';
import { adminHomeHeroApp, adminSettingsApp } from './admin-settings.routes';
import { adminTranslationsApp } from './admin-translations.routes';
import { authApp } from './auth.routes';
import { UPLOAD_PATHS, requestInput } from './body';
import { csrfProtection, isTokenLogin, withAuth } from './auth-middleware';
import { cartApp } from './cart.routes';
import { categoriesApp } from './categories.routes';
import { balanceApp, checkoutApp } from './checkout.routes';
import { contactApp } from './contact.routes';
import { contentApp } from './content.routes';
import { docsApp } from './docs.routes';
import { emailVerificationApp } from './email-verification.routes';
import { errorBody } from './envelope';
import { handleError, notFound } from './errors';
import { healthApp } from './health.routes';
import { withLocale } from './locale';
import { requestLogger, withDatabase, withRequestId } from './middleware';
import { newsletterApp } from './newsletter.routes';
import { ordersApp } from './orders.routes';
import { returnsApp } from './returns.routes';
import { passwordResetApp } from './password-reset.routes';
import { DEMO_WEBHOOK_PATH, STRIPE_WEBHOOK_PATH, paymentsApp } from './payments.routes';
import { processingApp } from './processing.routes';
import { productsApp } from './products.routes';
import { promoApp } from './promo.routes';
import { reviewsApp } from './reviews.routes';
import { sanctumApp } from './sanctum.routes';
import { API_UPLOAD_BODY_LIMIT_BYTES } from '../page-requests.mjs';

export const MAX_BODY_BYTES = 1024 * 1024;

/**
 * The whole API under /api, plus /sanctum/csrf-cookie beside it (where SPA clients of the spec
 * expect it). Resources are sub-apps from createRouter(), mounted with
 * `app.route('/api/products', productsApp)`; they inherit logging, the database, the caller
 * (c.var.user), CSRF protection and error handling.
 */
export function createApi() {
  const app = new Hono<ApiEnv>();
  app.use(async (c, next) => {
    await next();
    // After the chain, routeIndex is the last handler that ran, the one that answered: its
    // pattern (never the address) labels the request's metrics and span.
    if (c.env?.matched) c.env.matched.route = routePath(c);
  });
  app.use(withRequestId());
  app.use(requestLogger());
  const jsonLimit = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: (c) => c.json(errorBody('payload_too_large', 'The request body is too large (limit 1 MB).'), 413),
  });
  const uploadLimit = bodyLimit({
    maxSize: API_UPLOAD_BODY_LIMIT_BYTES,
    onError: (c) =>
      c.json(
        errorBody(
          'payload_too_large',
          `The upload is too large (limit ${API_UPLOAD_BODY_LIMIT_BYTES / 1024 / 1024} MB).`,
        ),
        413,
      ),
  });
  app.use((c, next) => (UPLOAD_PATHS.has(c.req.path) ? uploadLimit : jsonLimit)(c, next));
  app.use(requestInput());
  app.use(withDatabase());
  app.notFound(notFound);
  app.onError(handleError);

  // Health is mounted before the session and locale middleware so it answers even when the
  // database is down.
  app.route('/api/health', healthApp);
  // The API's description needs no session either (ADR 022).
  app.route('/api', docsApp);
  app.use(withAuth());
  app.route('/sanctum', sanctumApp);
  // Exempt: an API client's token sign-in, and the gateway's signed notifications.
  app.use(
    '/api/*',
    csrfProtection({
      exempt: async (c) =>
        c.req.path === DEMO_WEBHOOK_PATH || c.req.path === STRIPE_WEBHOOK_PATH || (await isTokenLogin(c)),
    }),
  );
  app.use('/api/*', withLocale());
  app.route('/api/products', productsApp);
  app.route('/api/products', reviewsApp);
  app.route('/api/categories', categoriesApp);
  app.route('/api/newsletter', newsletterApp);
  app.route('/api', authApp);
  app.route('/api', passwordResetApp);
  app.route('/api/email/verify', emailVerificationApp);
  app.route('/api/user', accountApp);
  app.route('/api/payments', paymentsApp);
  app.route('/api/orders', checkoutApp);
  app.route('/api/balance', balanceApp);
  app.route('/api', contentApp);
  app.route('/api/cart', cartApp);
  app.route('/api/promocodes', promoApp);
  app.route('/api/orders', ordersApp);
  app.route('/api/orders', returnsApp);
  app.route('/api/processing', processingApp);
  app.route('/api/contact-us', contactApp);
  // The back office (ADR 013, 023): every call checked after CSRF for the permissions roles.ts
  // declares for its area.
  app.use('/api/admin/*', requireAdminArea());
  app.route('/api/admin/static-pages', adminPagesApp);
  app.route('/api/admin/faqs', adminFaqsApp);
  app.route('/api/admin/featured-categories', adminFeaturedApp);
  app.route('/api/admin/settings', adminSettingsApp);
  app.route('/api/admin/home-hero', adminHomeHeroApp);
  app.route('/api/admin/home-page', adminHomePageApp);
  app.route('/api/admin/translations', adminTranslationsApp);
  app.route('/api/admin/editors', adminEditorsApp);
  app.route('/api/admin/preview', adminPreviewApp);
  app.route('/api/admin/orders', adminOrdersApp);
  app.route('/api/admin/customers', adminCustomersApp);
  app.route('/api/admin/products', adminProductsApp);
  app.route('/api/admin/categories', adminCategoriesApp);
  app.route('/api/admin/promo-codes', adminPromoCodesApp);
  app.route('/api/admin/shipping', adminShippingApp);
  app.route('/api/admin/attributes', adminAttributesApp);
  app.route('/api/admin/currencies', adminCurrenciesApp);
  app.route('/api/admin/vat-rates', adminVatRatesApp);
  app.route('/api/admin/catalog-imports', adminCatalogImportsApp);
  app.route('/api/admin/media', adminMediaApp);
  app.route('/api/admin/mail', adminMailApp);
  return app;
}

export type Api = ReturnType<typeof createApi>;
