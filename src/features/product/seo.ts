/**
 * Structured data for the product page: schema.org Product with an Offer (an AggregateOffer from
 * the lowest to the highest price when its variations differ in price; availability follows from
 * the variations, issue 26) and (only when there are
 * reviews) AggregateRating, and a BreadcrumbList. Pure; the page serialises with jsonLdScript.
 */

export interface ProductSeoInput {
  name: string;
  sku: string;
  description: string;
  /** Absolute URLs. */
  images: string[];
  /** Absolute canonical URL. */
  url: string;
  price: string;
  /** The dearest choice's price when the variations differ in price: an AggregateOffer from price to it. */
  highPrice?: string | null;
  /** How many choices (variations) it is sold in; 0 or absent: one. */
  offerCount?: number;
  currency: string;
  availability: 'in_stock' | 'low_stock' | 'out_of_stock';
  brand?: string;
  category?: string;
  reviews: { count: number; average: number | null };
}

const AVAILABILITY = {
  in_stock: 'https://schema.org/InStock',
  low_stock: 'https://schema.org/LimitedAvailability',
  out_of_stock: 'https://schema.org/OutOfStock',
} as const;

/** The offer part of the input from the product's API fields (price range and availability follow from its variations). */
export function offerFields(p: {
  retail_price: string;
  price_from: boolean;
  max_price: number;
  variations: readonly unknown[];
  availability: ProductSeoInput['availability'];
}): Pick<ProductSeoInput, 'price' | 'highPrice' | 'offerCount' | 'availability'> {
  return {
    price: p.retail_price,
    highPrice: p.price_from ? p.max_price.toFixed(2) : null,
    offerCount: p.variations.length,
    availability: p.availability,
  };
}

export function productJsonLd(p: ProductSeoInput): Record<string, unknown> {
  const data: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: p.name,
    sku: p.sku,
    url: p.url,
    image: p.images,
    description: p.description,
    ...(p.category ? { category: p.category } : {}),
    ...(p.brand ? { brand: { '@type': 'Brand', name: p.brand } } : {}),
    offers: p.highPrice
      ? {
          '@type': 'AggregateOffer',
          url: p.url,
          lowPrice: p.price,
          highPrice: p.highPrice,
          offerCount: p.offerCount ?? 1,
          priceCurrency: p.currency,
          availability: AVAILABILITY[p.availability],
          itemCondition: 'https://schema.org/NewCondition',
        }
      : {
          '@type': 'Offer',
          url: p.url,
          price: p.price,
          priceCurrency: p.currency,
          availability: AVAILABILITY[p.availability],
          itemCondition: 'https://schema.org/NewCondition',
        },
  };
  if (p.reviews.count > 0 && p.reviews.average !== null) {
    data.aggregateRating = {
      '@type': 'AggregateRating',
      ratingValue: p.reviews.average,
      reviewCount: p.reviews.count,
      bestRating: 5,
      worstRating: 1,
    };
  }
  return data;
}
