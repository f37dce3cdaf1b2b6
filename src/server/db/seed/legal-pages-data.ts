/**
 * The legal pages every shop needs, as unpublished drafts of a production shop's base data: the
 * owner writes them at /admin/pages and publishes them. The text says what belongs there, so a
 * draft published by mistake is plainly a placeholder, never legal wording someone relies on.
 */
import type { PageSeed } from './pages-data';

const draft = (what: string) =>
  `<p><strong>Draft.</strong> Replace this text with your ${what} before you publish this page.</p>`;
const entwurf = (was: string) =>
  `<p><strong>Entwurf.</strong> Ersetzen Sie diesen Text durch Ihre ${was}, bevor Sie die Seite veröffentlichen.</p>`;
const brouillon = (quoi: string) =>
  `<p><strong>Brouillon.</strong> Remplacez ce texte par vos ${quoi} avant de publier cette page.</p>`;

export const LEGAL_PAGES: PageSeed[] = [
  {
    slug: 'terms',
    title: 'Terms and conditions',
    isTerms: true,
    content: draft('terms and conditions of sale'),
    de: { title: 'Allgemeine Geschäftsbedingungen', content: entwurf('Allgemeinen Geschäftsbedingungen') },
    fr: { title: 'Conditions générales de vente', content: brouillon('conditions générales de vente') },
  },
  {
    slug: 'privacy',
    title: 'Privacy policy',
    isPrivacy: true,
    content: draft('privacy policy (what personal data the shop keeps, why, for how long, and the customer’s rights)'),
    de: { title: 'Datenschutzerklärung', content: entwurf('Datenschutzerklärung') },
    fr: { title: 'Politique de confidentialité', content: brouillon('informations sur la protection des données') },
  },
  {
    slug: 'imprint',
    title: 'Imprint',
    content: draft('company details (legal name, address, register number, VAT id, who is responsible)'),
    de: {
      title: 'Impressum',
      content: entwurf('Angaben zum Unternehmen (Name, Anschrift, Register, USt-IdNr., Verantwortliche)'),
    },
    fr: {
      title: 'Mentions légales',
      content: brouillon('mentions légales (raison sociale, adresse, immatriculation, numéro de TVA, responsable)'),
    },
  },
  {
    slug: 'right-of-withdrawal',
    title: 'Right of withdrawal',
    content: draft('withdrawal policy (the 14-day right of withdrawal, how to withdraw, the model withdrawal form)'),
    de: { title: 'Widerrufsbelehrung', content: entwurf('Widerrufsbelehrung mit Muster-Widerrufsformular') },
    fr: {
      title: 'Droit de rétractation',
      content: brouillon('informations sur le droit de rétractation et le formulaire type'),
    },
  },
];
