type Text = { title: string; content: string };
export interface FaqSeed extends Text {
  isPopular: boolean;
  de: Text;
  fr: Text;
}

export const FAQS: FaqSeed[] = [
  {
    title: 'How long does delivery take?',
    content:
      '<p>EU orders arrive in 2–4 working days, UK in 3–5, US in 5–8 and other countries in 7–14 working days.</p>',
    isPopular: true,
    de: {
      title: 'Wie lange dauert die Lieferung?',
      content: '<p>Innerhalb der EU 2–4 Werktage, UK 3–5, USA 5–8, sonst 7–14 Werktage.</p>',
    },
    fr: {
      title: 'Quel est le délai de livraison ?',
      content: '<p>UE : 2 à 4 jours ouvrés, Royaume-Uni : 3 à 5, États-Unis : 5 à 8, ailleurs : 7 à 14.</p>',
    },
  },
  {
    title: 'Which payment methods do you accept?',
    content:
      '<p>Visa and Mastercard with 3D Secure, and payment by phone: after placing the order you call one of our two payment lines and quote your order number.</p>',
    isPopular: true,
    de: {
      title: 'Welche Zahlungsarten akzeptieren Sie?',
      content: '<p>Visa und Mastercard mit 3D Secure sowie Zahlung per Telefon.</p>',
    },
    fr: {
      title: 'Quels moyens de paiement acceptez-vous ?',
      content: '<p>Visa et Mastercard avec 3D Secure, ainsi que le paiement par téléphone.</p>',
    },
  },
  {
    title: 'Can I return an item?',
    content:
      '<p>Yes, unused items can be returned within 30 days. See our <a href="/static-page/returns">returns page</a> for the steps.</p>',
    isPopular: true,
    de: {
      title: 'Kann ich einen Artikel zurückgeben?',
      content: '<p>Ja, unbenutzte Artikel können innerhalb von 30 Tagen zurückgegeben werden.</p>',
    },
    fr: {
      title: 'Puis-je retourner un article ?',
      content: '<p>Oui, les articles non utilisés peuvent être retournés sous 30 jours.</p>',
    },
  },
  {
    title: 'Is delivery free?',
    content:
      '<p>Delivery is free in the EU from €75, in the UK from €100 and in the US from €150. Some promo codes also cover delivery.</p>',
    isPopular: true,
    de: {
      title: 'Ist der Versand kostenlos?',
      content: '<p>In der EU ab 75 €, in UK ab 100 € und in den USA ab 150 €.</p>',
    },
    fr: {
      title: 'La livraison est-elle gratuite ?',
      content: '<p>Dans l’UE dès 75 €, au Royaume-Uni dès 100 € et aux États-Unis dès 150 €.</p>',
    },
  },
  {
    title: 'How do I use a promo code?',
    content: '<p>Enter the code in the summary on the cart page and click Apply. One code can be used per order.</p>',
    isPopular: false,
    de: {
      title: 'Wie löse ich einen Gutscheincode ein?',
      content: '<p>Geben Sie den Code im Warenkorb ein und klicken Sie auf Anwenden.</p>',
    },
    fr: {
      title: 'Comment utiliser un code promo ?',
      content: '<p>Saisissez le code dans le récapitulatif du panier et cliquez sur Appliquer.</p>',
    },
  },
  {
    title: 'Which size should I choose?',
    content:
      '<p>Our apparel follows EU sizes. If you are between two sizes, choose the larger one for layering. Each product page lists the fit in its technical information.</p>',
    isPopular: false,
    de: {
      title: 'Welche Größe soll ich wählen?',
      content: '<p>Unsere Bekleidung folgt EU-Größen. Zwischen zwei Größen wählen Sie die größere.</p>',
    },
    fr: {
      title: 'Quelle taille choisir ?',
      content: '<p>Nos vêtements suivent les tailles européennes. Entre deux tailles, prenez la plus grande.</p>',
    },
  },
  {
    title: 'Do you ship to my country?',
    content:
      '<p>We ship to more than 40 countries. The checkout tells you immediately if we cannot deliver to your address.</p>',
    isPopular: false,
    de: { title: 'Liefern Sie in mein Land?', content: '<p>Wir liefern in mehr als 40 Länder.</p>' },
    fr: { title: 'Livrez-vous dans mon pays ?', content: '<p>Nous livrons dans plus de 40 pays.</p>' },
  },
  {
    title: 'How do I track my order?',
    content:
      '<p>You receive a tracking link by email when the parcel leaves our warehouse. Your order history in My Account shows the status of every order.</p>',
    isPopular: false,
    de: { title: 'Wie verfolge ich meine Bestellung?', content: '<p>Sie erhalten einen Sendungslink per E-Mail.</p>' },
    fr: { title: 'Comment suivre ma commande ?', content: '<p>Vous recevez un lien de suivi par e-mail.</p>' },
  },
  {
    title: 'Is there a warranty on electronics?',
    content:
      '<p>All electronics carry the statutory two-year warranty; many brands add their own manufacturer warranty on top.</p>',
    isPopular: false,
    de: {
      title: 'Gibt es Garantie auf Elektronik?',
      content: '<p>Es gilt die gesetzliche Gewährleistung von zwei Jahren.</p>',
    },
    fr: {
      title: 'Les produits électroniques sont-ils garantis ?',
      content: '<p>La garantie légale de deux ans s’applique.</p>',
    },
  },
  {
    title: 'How can I contact customer support?',
    content: '<p>Use the contact form or write to support@example.com. We answer within one working day.</p>',
    isPopular: true,
    de: {
      title: 'Wie erreiche ich den Kundenservice?',
      content: '<p>Über das Kontaktformular oder per E-Mail an support@example.com.</p>',
    },
    fr: {
      title: 'Comment contacter le service client ?',
      content: '<p>Via le formulaire de contact ou par e-mail à support@example.com.</p>',
    },
  },
];
