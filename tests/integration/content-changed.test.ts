import pg from 'pg';
import { eq } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import { staticPages } from '@/server/db/schema/index';
import { CONTENT_CHANNEL, contentChanged, INSTANCE_ID, onContentChanged } from '@/server/services/content-changed';
import { startContentSync } from '@/server/services/content-sync.server';
import { listStaticPages } from '@/server/services/content';
import { testEngine, useTestDatabase } from '../helpers/db';

const database = useTestDatabase({ seed: 'demo' });

/** Waits for `check`; the bound is for a notification that never comes, not for a slow machine. */
async function until(check: () => boolean, ms = 60_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('contentChanged', () => {
  it('drops the cached footer pages, so an edit shows on the next read', async () => {
    const { db } = database();
    const before = await listStaticPages(db, 1);
    const first = before[0]!;
    await db.update(staticPages).set({ title: 'Renamed by an editor' }).where(eq(staticPages.id, first.id));
    // Still the cached list: nothing told the cache yet.
    expect((await listStaticPages(db, 1))[0]!.title).toBe(first.title);
    contentChanged(db);
    const after = await listStaticPages(db, 1);
    expect(after.find((p) => p.id === first.id)!.title).toBe('Renamed by an editor');
  });

  it('calls every registered cache, once per change', async () => {
    const { db } = database();
    let calls = 0;
    const off = onContentChanged(() => calls++);
    contentChanged(db);
    contentChanged(db);
    off();
    contentChanged(db);
    expect(calls).toBe(2);
  });
});

// Only PostgreSQL has other instances (a PGlite data directory is locked to one process), so the
// PGlite run has nothing to test here.
if (testEngine() === 'postgres')
  describe('content sync between instances', () => {
    it('hears another instance and ignores its own notifications', async () => {
      const url = inject('testDb').url;
      const { db } = database();
      let heard = 0;
      const sync = startContentSync(url, () => heard++);
      const other = new pg.Client({ connectionString: url });
      await other.connect();
      try {
        // LISTEN is in place once a notification from this instance went by unheard.
        await new Promise((r) => setTimeout(r, 300));
        contentChanged(db);
        await new Promise((r) => setTimeout(r, 300));
        expect(heard).toBe(0);
        await other.query('select pg_notify($1, $2)', [CONTENT_CHANNEL, 'another-instance']);
        await until(() => heard === 1);
        expect(heard).toBe(1);
        expect(INSTANCE_ID).not.toBe('another-instance');
      } finally {
        await other.end();
        await sync.stop();
      }
    });
  });
