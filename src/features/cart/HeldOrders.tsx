import PendingOrderActions from '../orders/PendingOrderActions';
import type { PendingOrderTexts } from '../orders/orders-texts';

/**
 * The cart's notice of card orders waiting for payment (issue 29): their items left the cart when
 * the order was placed, so the cart says where they are and offers Pay now and Cancel (which puts
 * them back) instead of only "Your cart is empty". Built by the page (cart.astro), texts ready.
 */
export interface HeldOrdersView {
  title: string;
  intro: string;
  /** one line per order: "Order #… · 2 items · €12.00" */
  orders: { orderNr: string; label: string }[];
  actions: PendingOrderTexts;
}

export default function HeldOrders({ view }: { view: HeldOrdersView }) {
  return (
    <section className="cart-held" aria-labelledby="cart-held-title">
      <h2 id="cart-held-title">{view.title}</h2>
      <p>{view.intro}</p>
      <ul className="cart-held-orders">
        {view.orders.map((order) => (
          <li key={order.orderNr}>
            <p id={`held-${order.orderNr}`} className="cart-held-order">
              {order.label}
            </p>
            <PendingOrderActions orderNr={order.orderNr} texts={view.actions} describedBy={`held-${order.orderNr}`} />
          </li>
        ))}
      </ul>
    </section>
  );
}
