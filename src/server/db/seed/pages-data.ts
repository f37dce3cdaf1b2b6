/** Static pages of the demo shop: English HTML plus translated titles (and short German/French bodies). */
export interface PageSeed {
  slug: string;
  title: string;
  isTerms?: boolean;
  isPrivacy?: boolean;
  isCookie?: boolean;
  content: string;
  de: { title: string; content: string };
  fr: { title: string; content: string };
}

const COMPANY = 'Summit &amp; Circuit Gear Ltd';

export const PAGES: PageSeed[] = [
  {
    slug: 'about',
    title: 'About us',
    content: `<p>${COMPANY} started in 2012 as a two-person workshop repairing bikes and climbing gear. Today we ship outdoor, sports, fitness and computer equipment to customers in more than 40 countries.</p>
<h2>What we stand for</h2>
<ul><li>Top brands, tested by our own team before they are listed.</li><li>Fast shipping from our warehouse in Rotterdam.</li><li>Expert support from people who actually use the gear.</li></ul>
<p>Questions? Write to <a href="mailto:support@example.com">support@example.com</a>.</p>`,
    de: {
      title: 'Über uns',
      content: `<p>${COMPANY} begann 2012 als Zwei-Personen-Werkstatt. Heute liefern wir Outdoor-, Sport-, Fitness- und Computerausrüstung in mehr als 40 Länder.</p>`,
    },
    fr: {
      title: 'À propos',
      content: `<p>${COMPANY} a débuté en 2012 comme un petit atelier. Aujourd'hui, nous livrons du matériel outdoor, de sport, de fitness et informatique dans plus de 40 pays.</p>`,
    },
  },
  {
    slug: 'shipping',
    title: 'Shipping & delivery',
    content: `<p>We ship every order from our warehouse within one working day of payment.</p>
<h2>Delivery costs</h2>
<ul><li>European Union: €4.99, free from €75.</li><li>United Kingdom: €8.99, free from €100.</li><li>United States: €14.99, free from €150.</li><li>Rest of the world: €24.99.</li></ul>
<h2>Delivery times</h2>
<p>EU 2–4 working days, UK 3–5, US 5–8, elsewhere 7–14 working days. You receive a tracking link by email as soon as your parcel leaves us.</p>
<p>We currently cannot deliver to some countries because of sanctions or carrier restrictions; the checkout tells you before you pay.</p>`,
    de: {
      title: 'Versand & Lieferung',
      content:
        '<p>Wir versenden jede Bestellung innerhalb eines Werktages nach Zahlungseingang. EU: 4,99 €, versandkostenfrei ab 75 €.</p>',
    },
    fr: {
      title: 'Livraison',
      content:
        '<p>Nous expédions chaque commande sous un jour ouvré après le paiement. UE : 4,99 €, gratuite dès 75 €.</p>',
    },
  },
  {
    slug: 'returns',
    title: 'Returns & refunds',
    content: `<p>Not the right fit? You can return unused items in their original packaging within <strong>30 days</strong> of delivery.</p>
<ol><li>Sign in and open your order history.</li><li>Contact us with the order number and the items you want to return.</li><li>Send the parcel with the return label we email you.</li></ol>
<p>We refund the purchase price to the original payment method within 14 days of receiving the return. Hygiene products (e.g. opened earbuds) and custom-cut items cannot be returned unless faulty.</p>`,
    de: {
      title: 'Rückgabe & Erstattung',
      content:
        '<p>Unbenutzte Artikel können innerhalb von <strong>30 Tagen</strong> in der Originalverpackung zurückgegeben werden.</p>',
    },
    fr: {
      title: 'Retours & remboursements',
      content:
        '<p>Vous pouvez retourner les articles non utilisés dans leur emballage d’origine sous <strong>30 jours</strong>.</p>',
    },
  },
  {
    slug: 'terms',
    title: 'Terms and conditions',
    isTerms: true,
    content: `<h2>1. Scope</h2>
<p>These terms apply to every order placed in this online shop operated by ${COMPANY}, 221 Harbour Road, Rotterdam, the Netherlands.</p>
<h2>2. Contract</h2>
<p>Product listings are an invitation to order. The contract is concluded when we confirm your order by email after payment.</p>
<h2>3. Prices and payment</h2>
<p>All prices include VAT. Delivery costs are shown at checkout. We accept card payments and payment by phone; orders paid by phone are reserved for 48 hours.</p>
<h2>4. Right of withdrawal</h2>
<p>Consumers may withdraw from the contract within 14 days without giving reasons. See <a href="/static-page/returns">Returns</a>.</p>
<h2>5. Warranty</h2>
<p>The statutory warranty of two years applies.</p>`,
    de: {
      title: 'Allgemeine Geschäftsbedingungen',
      content: '<p>Diese Bedingungen gelten für alle Bestellungen in diesem Onlineshop.</p>',
    },
    fr: {
      title: 'Conditions générales de vente',
      content: "<p>Ces conditions s'appliquent à toute commande passée dans cette boutique en ligne.</p>",
    },
  },
  {
    slug: 'privacy',
    title: 'Privacy policy',
    isPrivacy: true,
    content: `<p>We process personal data only to run this shop: to handle your account, deliver your orders and answer your messages.</p>
<h2>Data we keep</h2>
<ul><li>Account: name, email, phone and delivery address.</li><li>Orders: items, amounts and the delivery address at the time of the order (kept 10 years for tax law).</li><li>Technical: a session cookie and, if you agree, anonymous analytics.</li></ul>
<h2>Your rights</h2>
<p>You may request access, correction or deletion of your data at any time by writing to support@example.com.</p>`,
    de: {
      title: 'Datenschutzerklärung',
      content: '<p>Wir verarbeiten personenbezogene Daten nur zum Betrieb dieses Shops.</p>',
    },
    fr: {
      title: 'Politique de confidentialité',
      content: '<p>Nous traitons les données personnelles uniquement pour faire fonctionner cette boutique.</p>',
    },
  },
  {
    slug: 'cookie-policy',
    title: 'Cookie policy',
    isCookie: true,
    content: `<p>This website uses cookies to ensure you get the best experience.</p>
<ul><li><strong>Necessary</strong>: the session, the security token and your language and currency choice. These cannot be switched off.</li><li><strong>Analytics</strong>: anonymous visit statistics, only if you click Accept.</li></ul>
<p>You can change your choice at any time by clearing the cookies of this site in your browser.</p>`,
    de: {
      title: 'Cookie-Richtlinie',
      content: '<p>Diese Website verwendet Cookies, um Ihnen das beste Erlebnis zu bieten.</p>',
    },
    fr: {
      title: 'Politique relative aux cookies',
      content: '<p>Ce site utilise des cookies pour vous offrir la meilleure expérience.</p>',
    },
  },
];
