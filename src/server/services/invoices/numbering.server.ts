/**
 * Gap-free document numbers (ADR 032): `{prefix}{year}-{n}`, n counting from 1 per kind and year.
 * The upsert locks the counter row until the caller's transaction ends, so concurrent payments
 * queue here one at a time and a rolled-back one gives its number back. Callers take this lock
 * last (after the order's), which keeps the lock order acyclic.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { type DocumentKind, invoiceCounters } from '@/server/db/schema/index';

export interface DocumentNumber {
  number: string;
  year: number;
  seq: number;
}

export function formatDocumentNumber(prefix: string, year: number, seq: number): string {
  return `${prefix}${year}-${seq}`;
}

export async function nextDocumentNumber(
  tx: Db,
  kind: DocumentKind,
  prefix: string,
  at: Date,
): Promise<DocumentNumber> {
  const year = at.getUTCFullYear();
  const [row] = await tx
    .insert(invoiceCounters)
    .values({ kind, year, last: 1 })
    .onConflictDoUpdate({
      target: [invoiceCounters.kind, invoiceCounters.year],
      set: { last: sql`${invoiceCounters.last} + 1` },
    })
    .returning({ last: invoiceCounters.last });
  const seq = row!.last;
  return { number: formatDocumentNumber(prefix, year, seq), year, seq };
}
