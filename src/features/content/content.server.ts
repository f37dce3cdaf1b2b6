/**
 * Cached reads for the content pages: the FAQ list is the same for every visitor of a language
 * and rarely edited, so it is kept 30 s per language (like the frame's shop basics). Static pages
 * are read directly (one indexed query; caching every asked-for slug would let anyone fill memory).
 */
import type { Db } from '@/server/db/client';
import { type Faq, listFaqs } from '@/server/services/content';
import { onContentChanged } from '@/server/services/content-changed';
import { ttlCache } from '@/server/services/ttl-cache';

const faqCache = ttlCache<number, Faq[]>(30_000);
// An editor's change shows on the next request (ADR 016).
onContentChanged((db) => faqCache.invalidate(db));

export function cachedFaqs(db: Db, languageId: number): Promise<Faq[]> {
  return faqCache.get(db, languageId, () => listFaqs(db, languageId));
}
