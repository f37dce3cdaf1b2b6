import type { AdminPath, RouteContract } from './define';
import { accountRoutes } from './accounts';
import { adminMediaRoutes } from './admin/media';
import { adminOrderRoutes } from './admin/orders';
import { adminProductRoutes } from './admin/products';
import { adminCategoryRoutes } from './admin/categories';
import { adminPromoRoutes } from './admin/promo-codes';
import { adminShippingRoutes } from './admin/shipping';
import { adminCatalogImportRoutes } from './admin/catalog-imports';
import { adminRoutes } from './admin/routes';
import { adminMailRoutes } from './admin/mail';
import { adminNameTextsRoutes } from './admin/name-texts';
import { cartRoutes } from './cart';
import { categoryRoutes, productRoutes } from './catalog';
import { contentRoutes } from './content';
import { docsRoutes } from './docs';
import { purchasingRoutes } from './purchasing';
import { returnRoutes } from './returns';
import { gdprRoutes } from './gdpr';
import { systemRoutes } from './system';

/**
 * Every /api route of the shop, by module (ADR 022). The server's route test fails when the
 * Hono app registers a route that is not listed here, or this lists one the app lacks.
 * Islands import types from the modules, never this list (it holds the runtime schemas).
 */
export const contractModules = {
  system: systemRoutes,
  products: productRoutes,
  categories: categoryRoutes,
  content: contentRoutes,
  accounts: accountRoutes,
  cart: cartRoutes,
  purchasing: purchasingRoutes,
  returns: returnRoutes,
  gdpr: gdprRoutes,
  admin: adminRoutes,
  adminOrders: adminOrderRoutes,
  adminProducts: adminProductRoutes,
  adminCategories: adminCategoryRoutes,
  adminPromoCodes: adminPromoRoutes,
  adminShipping: adminShippingRoutes,
  adminCatalogImports: adminCatalogImportRoutes,
  adminMedia: adminMediaRoutes,
  adminMail: adminMailRoutes,
  adminNameTexts: adminNameTextsRoutes,
  docs: docsRoutes,
} as const;

export type ContractModules = typeof contractModules;

export const apiRoutes: readonly RouteContract[] = Object.values(contractModules).flatMap(
  (module) => Object.values(module) as RouteContract[],
);

type ContractRoute = {
  [M in keyof ContractModules]: ContractModules[M][keyof ContractModules[M]];
}[keyof ContractModules];
/**
 * `back_office` is exactly the routes under /api/admin (whose guard is the area's permissions),
 * checked by the compiler: a route listed here is a type error.
 */
type MisdeclaredAccess =
  | Exclude<Extract<ContractRoute, { access: 'back_office' }>, { path: AdminPath }>
  | Exclude<Extract<ContractRoute, { path: AdminPath }>, { access: 'back_office' }>;
export const accessFollowsPath: [MisdeclaredAccess] extends [never] ? true : MisdeclaredAccess = true;
