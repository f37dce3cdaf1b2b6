import pg from 'pg';
import { logger } from '../logger';
import { CONTENT_CHANNEL, type ChangeScope, INSTANCE_ID, decodeChange } from './content-changed';

const RETRY_MS = [1_000, 2_000, 5_000, 10_000, 30_000];

/**
 * Several instances on one PostgreSQL: listens on CONTENT_CHANNEL with a connection of its own
 * (a pooled one cannot hold LISTEN) and calls `onChange` with the edit's scope when another
 * instance saved content. After a lost connection it reconnects with growing pauses and calls
 * `onChange` once with 'catalog', since a notification may have been missed meanwhile.
 */
export function startContentSync(url: string, onChange: (scope: ChangeScope) => void): { stop(): Promise<void> } {
  let client: pg.Client | undefined;
  let stopped = false;
  let failures = 0;
  let timer: NodeJS.Timeout | undefined;

  function retry(): void {
    if (stopped || timer) return;
    const wait = RETRY_MS[Math.min(failures, RETRY_MS.length - 1)]!;
    failures++;
    timer = setTimeout(() => {
      timer = undefined;
      void connect(true);
    }, wait);
    timer.unref();
  }

  async function connect(reconnecting: boolean): Promise<void> {
    const next = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
    client = next;
    next.on('error', (error) => {
      logger.warn({ err: error }, 'content sync: connection lost');
      void next.end().catch(() => {});
    });
    next.on('end', () => {
      if (client === next) retry();
    });
    next.on('notification', (message) => {
      if (message.channel !== CONTENT_CHANNEL) return;
      const { instance, scope } = decodeChange(message.payload ?? '');
      if (instance !== INSTANCE_ID) onChange(scope);
    });
    try {
      await next.connect();
      await next.query(`listen ${CONTENT_CHANNEL}`);
      failures = 0;
      if (reconnecting) onChange('catalog');
    } catch (error) {
      logger.warn({ err: error }, 'content sync: cannot listen yet');
      retry();
      await next.end().catch(() => {});
    }
  }

  void connect(false);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await client?.end().catch(() => {});
    },
  };
}
