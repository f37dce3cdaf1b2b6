import '@/stores/bootstrap';
import '../account/auth-store';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { HistoryPagination, OrderJson } from '@/lib/contract/purchasing';
import { formatMoney, formatPercent } from '@/lib/money';
import { api } from '@/stores/api';
import { showToast } from '@/stores/toasts';
import {
  formatAddress,
  formatOrderDate,
  orderDetailHref,
  orderItemMeta,
  orderStatusView,
  ordersPageHref,
  pageList,
  parsePageParam,
  type PhonePaymentData,
  phonePaymentFromOrder,
} from './orders-format';
import { fill } from '@/lib/rules/placeholders';
import type { OrdersTexts } from './orders-texts';
import PhonePaymentModal from './PhonePaymentModal';
import PendingOrderActions from './PendingOrderActions';
import { pageHref } from '@/lib/language-path';

/**
 * Orders tab of /account (accounts spec §2 Order history): 5 orders a page, newest first, with
 * items, totals, address and a coloured status badge; pagination when there is more than one
 * page (plain links that also work without JavaScript; the island fetches the page instead);
 * 5 skeleton rows while loading; "No orders found". A Pending phone order has Complete, which
 * asks for the phone numbers and reopens the phone payment modal; closing it reloads the list.
 */

export const ORDERS_PER_PAGE = 5;
const SKELETON_ROWS = 5;

export interface OrdersPage {
  orders: OrderJson[];
  pagination: HistoryPagination;
}

export interface OrdersListProps {
  /** The page as the server rendered it; null makes the island fetch it. */
  initial: OrdersPage | null;
  /** Page language code (money format). */
  locale: string;
  signedIn: boolean;
  texts: OrdersTexts;
}

function OrderItems({
  order,
  money,
  texts,
}: {
  order: OrderJson;
  money(amount: number | null): string;
  texts: OrdersTexts;
}) {
  return (
    <ul className="order-items">
      {order.items.map((item, index) => (
        <li className="order-item" key={`${item.id}-${index}`}>
          {item.image_url ? (
            <img
              className="order-item-image"
              src={item.image_url}
              alt=""
              width={56}
              height={56}
              loading="lazy"
              decoding="async"
            />
          ) : (
            <span className="order-item-image order-item-noimage" aria-hidden="true" />
          )}
          <div className="order-item-text">
            <p className="order-item-name">{item.name}</p>
            <p className="order-item-meta">{orderItemMeta(item)}</p>
          </div>
          <p className="order-item-qty">{fill(texts.quantityValue, { count: item.quantity })}</p>
          <p className="order-item-price">
            <span className="visually-hidden">{texts.itemPrice}: </span>
            {money(item.price)}
          </p>
        </li>
      ))}
    </ul>
  );
}

function OrderCard({
  order,
  locale,
  texts,
  opening,
  onComplete,
  onCancelled,
}: {
  order: OrderJson;
  locale: string;
  texts: OrdersTexts;
  opening: boolean;
  onComplete(order: OrderJson): void;
  onCancelled(): void;
}) {
  const status = orderStatusView(order.status);
  const label =
    texts.statusLabels[status.labelKey.split('.').pop() as keyof OrdersTexts['statusLabels']] ??
    texts.statusLabels.unknown;
  const money = (amount: number | null) =>
    amount === null ? texts.notAvailable : formatMoney(amount, order.currency, locale, order.currency_symbol);
  const titleId = `order-${order.id}-title`;
  const method =
    order.payment_method === 'phone'
      ? texts.methods.phone
      : order.payment_method === 'card'
        ? texts.methods.card
        : order.payment_method;
  return (
    <li className="order-card">
      <article aria-labelledby={titleId}>
        <header className="order-head">
          <div>
            <h3 id={titleId} className="order-title">
              {fill(texts.order, { number: order.order_nr })}
            </h3>
            <p className="order-date">
              <time dateTime={order.created_at}>
                {fill(texts.placedOn, { date: formatOrderDate(order.created_at) })}
              </time>
            </p>
          </div>
          <p className="order-status">
            <span className="visually-hidden">{texts.status}: </span>
            <span className={`order-badge order-badge-${status.tone}`}>{label}</span>
          </p>
        </header>
        <h4 className="visually-hidden">{texts.items}</h4>
        <OrderItems order={order} money={money} texts={texts} />
        <div className="order-foot">
          <dl className="order-totals">
            <div>
              <dt>{texts.orderPrice}</dt>
              <dd>{money(order.order_price)}</dd>
            </div>
            <div>
              <dt>{texts.delivery}</dt>
              <dd>{money(order.delivery)}</dd>
            </div>
            <div>
              <dt>{texts.promoDiscount}</dt>
              <dd>{order.promo_discount > 0 ? `−${money(order.promo_discount)}` : money(0)}</dd>
            </div>
            {order.vat_rates.map((r) => (
              <div key={r.rate}>
                <dt>{`${texts.vat} (${formatPercent(r.rate, locale)})`}</dt>
                <dd>{money(r.vat)}</dd>
              </div>
            ))}
            <div className="order-total">
              <dt>{texts.totalAmount}</dt>
              <dd>{money(order.total_amount)}</dd>
            </div>
          </dl>
          <dl className="order-details">
            <div>
              <dt>{texts.deliveryAddress}</dt>
              <dd>{formatAddress(order.delivery_address)}</dd>
            </div>
            <div>
              <dt>{texts.paymentMethod}</dt>
              <dd>{method}</dd>
            </div>
          </dl>
        </div>
        <p className="order-detail-link">
          <a href={pageHref(orderDetailHref(order.order_nr))} aria-describedby={titleId}>
            {texts.viewDetails}
          </a>
        </p>
        {order.can_pay_now && (
          <PendingOrderActions
            orderNr={order.order_nr}
            texts={texts.pendingOrder}
            describedBy={titleId}
            onCancelled={onCancelled}
          />
        )}
        {order.can_complete && (
          <div className="order-actions">
            <button
              type="button"
              className="button order-complete"
              // Not disabled while opening: a disabled button drops focus, which must return here on close.
              aria-disabled={opening || undefined}
              aria-describedby={titleId}
              title={fill(texts.completeFor, { number: order.order_nr })}
              onClick={() => onComplete(order)}
            >
              {opening ? texts.opening : texts.complete}
            </button>
          </div>
        )}
      </article>
    </li>
  );
}

function Pagination({
  pagination,
  texts,
  onPage,
}: {
  pagination: HistoryPagination;
  texts: OrdersTexts;
  onPage(page: number): void;
}) {
  const { current_page: current, last_page: last } = pagination;
  const link = (
    page: number,
    label: string,
    children: React.ReactNode,
    extra: { current?: boolean; rel?: string } = {},
  ) => (
    <a
      href={pageHref(ordersPageHref(page))}
      aria-label={label}
      aria-current={extra.current ? 'page' : undefined}
      rel={extra.rel}
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        onPage(page);
      }}
    >
      {children}
    </a>
  );
  return (
    <nav className="orders-pagination" aria-label={texts.pagination.label}>
      <ul>
        <li>
          {current > 1 ? (
            link(current - 1, texts.pagination.previous, '‹', { rel: 'prev' })
          ) : (
            <span aria-hidden="true">‹</span>
          )}
        </li>
        {pageList(current, last).map((page, index) => (
          <li key={page ?? `gap-${index}`}>
            {page === null ? (
              <span aria-hidden="true">…</span>
            ) : (
              link(page, fill(texts.pagination.pageOf, { page, total: last }), page, { current: page === current })
            )}
          </li>
        ))}
        <li>
          {current < last ? (
            link(current + 1, texts.pagination.next, '›', { rel: 'next' })
          ) : (
            <span aria-hidden="true">›</span>
          )}
        </li>
      </ul>
    </nav>
  );
}

export default function OrdersList({ initial, locale, signedIn, texts }: OrdersListProps) {
  const [data, setData] = useState<OrdersPage | null>(initial);
  const [loading, setLoading] = useState(initial === null);
  const [openingId, setOpeningId] = useState<number | null>(null);
  const [modal, setModal] = useState<PhonePaymentData | null>(null);
  const requestRef = useRef(0);
  const listRef = useRef<HTMLDivElement>(null);

  /** Without `show`, in place (after the modal) without the skeleton, so focus can return to Complete. */
  const load = useCallback(async (page: number, options: { push?: boolean; focus?: boolean } = {}) => {
    const request = ++requestRef.current;
    try {
      const body = await api.get('/orders/history', { query: { page, per_page: ORDERS_PER_PAGE } });
      if (request !== requestRef.current) return;
      const pagination = body.pagination;
      setData({ orders: Array.isArray(body.payload) ? body.payload : [], pagination });
      if (options.push && typeof history !== 'undefined') {
        const href = pageHref(ordersPageHref(pagination.current_page));
        if (`${location.pathname}${location.search}` !== href)
          history.pushState({ ordersPage: pagination.current_page }, '', href);
      }
      if (options.focus) listRef.current?.focus();
    } catch (error) {
      // Spec §8: a failed load is only logged; what was shown stays.
      console.error('Failed to load orders', error);
    } finally {
      if (request === requestRef.current) setLoading(false);
    }
  }, []);

  useEffect(() => {
    // The skeleton is already showing (loading starts true without `initial`).
    // eslint-disable-next-line react-hooks/set-state-in-effect -- load sets state only after its await: the rule's false positive react/react#34905
    if (initial === null) void load(parsePageParam(new URLSearchParams(location.search).get('page')));
    const onPop = () => {
      setLoading(true);
      void load(parsePageParam(new URLSearchParams(location.search).get('page')));
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [initial, load]);

  async function complete(order: OrderJson) {
    if (openingId !== null) return;
    setOpeningId(order.id);
    try {
      if (order.payment_method !== 'phone') {
        showToast(texts.notPhoneOrder, 'error');
        return;
      }
      let config: Parameters<typeof phonePaymentFromOrder>[1] = null;
      try {
        config = await api.get('/processing/config/phone-payment');
      } catch {
        config = null;
      }
      const result = phonePaymentFromOrder(order, config);
      if (!result.ok) {
        showToast(result.error === 'notPhone' ? texts.notPhoneOrder : texts.paymentDetailsError, 'error');
        return;
      }
      setModal(result.data);
    } catch (error) {
      console.error(error);
      showToast(texts.reopenError, 'error');
    } finally {
      setOpeningId(null);
    }
  }

  function closeModal() {
    setModal(null);
    void load(data?.pagination.current_page ?? 1);
  }

  const orders = data?.orders ?? [];
  const pagination = data?.pagination;
  return (
    <div className="orders" aria-busy={loading}>
      <div ref={listRef} tabIndex={-1} className="orders-body" aria-label={texts.list} role="region">
        {loading ? (
          <>
            <p className="visually-hidden" role="status">
              {texts.loading}
            </p>
            <ul className="orders-skeleton" aria-hidden="true">
              {Array.from({ length: SKELETON_ROWS }, (_, i) => (
                <li key={i} className="order-skeleton-row">
                  <span className="skeleton-line skeleton-wide" />
                  <span className="skeleton-line" />
                </li>
              ))}
            </ul>
          </>
        ) : orders.length === 0 ? (
          <p className="orders-empty">{texts.empty}</p>
        ) : (
          <ol className="orders-list">
            {orders.map((order) => (
              <OrderCard
                key={order.id}
                order={order}
                locale={locale}
                texts={texts}
                opening={openingId === order.id}
                onComplete={complete}
                onCancelled={() => void load(data?.pagination.current_page ?? 1)}
              />
            ))}
          </ol>
        )}
      </div>
      {pagination && pagination.last_page > 1 && (
        <Pagination
          pagination={pagination}
          texts={texts}
          onPage={(page) => {
            setLoading(true);
            void load(page, { push: true, focus: true });
          }}
        />
      )}
      <PhonePaymentModal
        open={modal !== null}
        orderNr={modal?.orderNr ?? ''}
        total={modal ? formatMoney(modal.amount, modal.currency, locale) : ''}
        phoneGlobal={modal?.phoneGlobal ?? ''}
        phoneUkEu={modal?.phoneUkEu ?? ''}
        signedIn={signedIn}
        onClose={closeModal}
        texts={texts.phonePayment}
      />
    </div>
  );
}
