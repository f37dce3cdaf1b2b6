/** What the order page's parts share: the order as staff see it, and its money in the admin's language. */
import type { StaffOrder } from '@/server/services/admin/orders/order-detail.server';
import type { Translator } from '@/lib/translator';

export type { StaffOrder };

export interface OrderPartProps {
  at: Translator;
  /** The admin's language code (money, percentages). */
  lang: string;
  data: StaffOrder;
}
