import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import de from '@/i18n/messages/de.json';
import en from '@/i18n/messages/en.json';
import fr from '@/i18n/messages/fr.json';
import { placeholders } from '@/server/i18n/messages';

const reference: Record<string, string> = en;
const translations: Record<string, Record<string, string>> = { de, fr };

describe('UI message files', () => {
  it('en.json is a flat map of dotted keys to non-empty strings', () => {
    expect(Object.keys(reference).length).toBeGreaterThan(300);
    for (const [key, value] of Object.entries(reference)) {
      expect(key).toMatch(/^[a-zA-Z][\w]*(\.[a-zA-Z0-9][\w]*)+$/);
      expect(typeof value, key).toBe('string');
      expect(value.trim(), key).not.toBe('');
    }
  });

  for (const [code, messages] of Object.entries(translations)) {
    describe(`${code}.json`, () => {
      it('has exactly the keys of en.json (plus French `_many` forms of plural keys)', () => {
        const own = Object.keys(messages).filter((key) => !(key.endsWith('_many') && code === 'fr'));
        expect(own.sort()).toEqual(Object.keys(reference).sort());
        const many = Object.keys(messages).filter((key) => key.endsWith('_many'));
        expect(many.filter((key) => reference[key.replace(/_many$/, '_other')] === undefined)).toEqual([]);
      });

      it('has no empty values', () => {
        const empty = Object.entries(messages).filter(([, v]) => typeof v !== 'string' || v.trim() === '');
        expect(empty).toEqual([]);
      });

      it('uses the same {{placeholders}} as en.json', () => {
        const mismatched = Object.keys(reference).filter(
          (key) => placeholders(messages[key] ?? '').join() !== placeholders(reference[key] ?? '').join(),
        );
        expect(mismatched).toEqual([]);
      });

      it('is really translated, not a copy of English', () => {
        const same = Object.keys(reference).filter((key) => messages[key] === reference[key]);
        // Brand names, payment schemes and a few international words may stay the same.
        expect(same.length / Object.keys(reference).length).toBeLessThan(0.1);
      });
    });
  }

  it('no file names a key twice (JSON.parse would silently keep the last one)', () => {
    for (const code of ['en', 'de', 'fr']) {
      const text = readFileSync(new URL(`../../src/i18n/messages/${code}.json`, import.meta.url), 'utf8');
      const keys = [...text.matchAll(/^\s*"((?:[^"\\]|\\.)+)"\s*:/gm)].map((m) => m[1]);
      const seen = new Set<string>();
      const repeated = keys.filter((key) => (seen.has(key!) ? true : (seen.add(key!), false)));
      expect(repeated, `${code}.json`).toEqual([]);
    }
  });

  it("keeps the specs' exact English texts", () => {
    const exact: Record<string, string> = {
      'header.nav.home': 'HOME',
      'header.nav.shop': 'SHOP',
      'header.nav.new': 'NEW',
      'header.nav.sale': 'SALE',
      'header.nav.contact': 'CONTACT US',
      'header.signIn': 'Sign In',
      'header.registration': 'Registration',
      'header.search.placeholder': 'Search equipments',
      'cookie.text': 'This website uses cookies to ensure you get the best experience.',
      'cookie.learnMore': 'Learn more',
      'cookie.accept': 'Accept',
      'cookie.decline': 'Decline',
      'footer.newsletter.subscribing': 'Subscribing...',
      'footer.newsletter.error': 'An error occurred during subscription.',
      'products.allProducts': 'All Products',
      'products.newArrivals': 'New Arrivals',
      'products.saleItems': 'Sale Items',
      'products.sort.asc': 'Price low to high',
      'products.sort.desc': 'Price high to low',
      'products.empty': 'No products found matching your criteria within this category',
      'products.filters.refresh': 'Refresh filters',
      'products.filters.resetCategory': 'Reset category',
      'products.tryAgain': 'Try again',
      'categories.error.tree': 'Error loading categories. Please try again later.',
      'home.featured.error': 'Error loading featured categories. Please refresh the page.',
      'badge.topProduct': 'Top product',
      'badge.newArrivals': 'New arrivals',
      'badge.sale': 'Sale',
      'product.selectVariation': 'Please select a variation',
      'product.addedToCart': 'Item added to cart!',
      'product.signInToAdd': 'Please sign in to add item to cart',
      'product.reviews.empty': 'No reviews yet.',
      'product.importantInformation': 'Important information',
      'wishlist.empty': 'Your wishlist is empty',
      'faq.error.load': 'Failed to load FAQs',
      'faq.error.fetch': 'An error occurred while fetching FAQs.',
      'notFound.title': 'Oops! Page Not Found',
      'notFound.text': 'Sorry, the page you are looking for does not exist.',
      'app.initError': 'An error occurred during initialization:',
      'validation.emailPasswordRequired': 'Email and password are required',
      'validation.fillRequiredAndTerms': 'Please fill in all required fields and accept terms',
      'validation.invalidPhone': 'Please enter a valid phone number',
      'validation.passwordsMismatch': 'Passwords do not match',
      'validation.passwordRequired': 'Password is required',
      'validation.personalInfo': 'Please fill in all required personal information fields correctly.',
      'validation.shippingInfo': 'Please complete all required shipping information.',
      'validation.fillRequired': 'Please fill in all required fields.',
      'validation.countryNotSupported': 'This country is not supported.',
      'phone.placeholder': 'Enter your phone number',
      'checkout.promo.empty': 'No promo code provided',
      'errors.invalidCurrency': 'Invalid currency code',
      'orders.empty': 'No orders found',
      'orders.statusLabel.success': 'Success',
      'orders.statusLabel.pending': 'Pending...',
      'orders.statusLabel.error': 'Error',
      'orders.statusLabel.failed': 'Failed',
      'orders.statusLabel.unknown': 'Unknown...',
      'orders.unnamedProduct': 'Unnamed Product',
      'cart.empty': 'Your cart is empty',
      'cart.continueShopping': 'Continue Shopping',
      'cart.unavailable.text': 'This item is no longer available.',
      'checkout.button.completeForm': 'Complete Form',
      'checkout.button.processing': 'Processing...',
      'checkout.button.calculateShipping': 'Calculate Shipping',
      'checkout.button.placeOrder': 'Place Order',
      'checkout.button.placeOrderDeliveryNA': 'Place Order (Delivery Price N/A)',
      'checkout.confirm.text': 'Are you sure you want to proceed with this purchase?',
      'checkout.promo.completeAddress': 'Please complete shipping address to apply promo code',
      'checkout.delivery.unavailable':
        'Delivery price not available at the moment, we will contact you with delivery details after order placement.',
      'checkout.error.noStock': 'Some items in your cart are no longer available.',
      'payment.success.title': 'Order Placed Successfully',
      'payment.fail.title': 'Order Payment Failed',
      'payment.fail.text': "We couldn't process your payment. Please try again or use a different payment method.",
      'payment.fail.tryAgain': 'Try Again',
      'payment.fail.returnHome': 'Return to Home',
      'verification.goToAccount': 'Go to My Account',
      'auth.reset.sent': 'Password reset link sent. Please check your email.',
      'auth.error.sessionExpired': 'Error occurred. Please log in again.',
      'auth.error.emailNotVerified': 'Your email address is not verified.',
      'orders.error.reopen': 'Error reopening payment modal. Please try again.',
      'clipboard.phoneCopied': 'Phone number copied to clipboard',
      'clipboard.orderCopied': 'Order number copied to clipboard',
      'contact.success': 'Message sent successfully!',
      'account.profile.updated': 'Profile updated successfully',
      'account.password.updated': 'Password updated successfully',
    };
    for (const [key, text] of Object.entries(exact)) expect(reference[key], key).toBe(text);
  });

  it('covers every text of the error catalogues', () => {
    const values = new Set(Object.values(reference));
    const catalogue = [
      'Failed to load products',
      'Failed to fetch products',
      'Failed to load product details',
      'Unable to load product details',
      'Product not found',
      'Product ID is missing',
      'Failed to load categories',
      'Failed to fetch pages',
      'Failed to fetch page',
      'Failed to load countries',
      'Failed to initialize page',
      'Failed to load languages',
      'Failed to load currencies',
      'Failed to fetch settings',
      'Failed to add item to cart',
      'Unauthenticated.',
      'Failed to fetch profile',
      'Failed to update profile',
      'Failed to load profile data',
      'Failed to update password',
      'Failed to reset password',
      'Failed to reset the password',
      'Failed to validate promo code',
      'Promo code applied successfully',
      'An error occurred while applying the promo code.',
      'An error occurred while removing the promo code.',
      'Failed to fetch cart content',
      'Failed to load cart',
      'Failed to remove item from cart',
      'Failed to remove item',
      'Failed to update quantity',
      'Failed to clear cart',
      'Item removed from cart',
      'An error occurred while calculating totals',
      'An error occurred while calculating totals.',
      'Failed to calculate totals',
      'Please wait while we calculate totals',
      'Invalid Shipping Address',
      'There was an error with your address. Please check and try again.',
      'Authentication failed',
      'Registration failed',
      'Logout failed',
      'An error occurred during checkout',
      'Could not get payment details',
      'This is not a phone payment order',
      'Failed to copy text',
      'Failed to send verification email',
      'Something went wrong',
    ];
    expect(catalogue.filter((text) => !values.has(text))).toEqual([]);
  });
});

describe('placeholders()', () => {
  it('lists the {{names}} of a message, sorted and unique', () => {
    expect(placeholders('{{b}} and {{ a }} and {{b}}')).toEqual(['a', 'b']);
    expect(placeholders('none')).toEqual([]);
  });
});
