/**
 * A local stand-in for the few Stripe API calls the shop makes (ADR 024), on loopback: Checkout
 * Sessions (create, retrieve, expire), refunds, and a hosted "payment page" with Pay and Cancel
 * buttons. Payloads are shaped as Stripe documents them; the secret key and Idempotency-Key are
 * checked like Stripe does. It also delivers webhook events signed exactly as Stripe signs them
 * (or signed wrongly, late, twice, out of order, when a test asks).
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export const FAKE_SECRET_KEY = 'sk_test_fakeshop0000000000';
export const FAKE_WEBHOOK_SECRET = 'whsec_fakeshop0000000000';

type Obj = Record<string, unknown>;

export interface FakeSession {
  id: string;
  object: 'checkout.session';
  mode: 'payment';
  url: string | null;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  payment_intent: string | null;
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  customer_email: string | null;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string;
  expires_at: number;
  created: number;
  livemode: false;
}

export interface FakeRequest {
  method: string;
  path: string;
  idempotencyKey: string | null;
  body: Obj;
}

/** `a[b][0][c]=1` form fields (as stripe-node encodes them) into nested objects and arrays. */
export function parseStripeForm(text: string): Obj {
  const root: Obj = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const parts = key.replaceAll(']', '').split('[');
    let node: Obj = root;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) node[part] = value;
      else node = (node[part] ??= /^\d+$/.test(parts[i + 1]!) ? [] : {}) as Obj;
    });
  }
  return root;
}

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;

export interface StripeFake {
  base: string;
  sessions: Map<string, FakeSession>;
  refunds: Obj[];
  requests: FakeRequest[];
  /** Where events go (the shop's webhook URL). */
  webhookUrl: string;
  /** The next `count` API calls answer 500 (Stripe down). */
  failNext(count: number): void;
  /** Marks the session paid as the hosted page would (no event sent). */
  pay(sessionId: string): FakeSession;
  /** Delivers an event about the session to webhookUrl, signed (or not) as asked. */
  send(type: string, sessionId: string, options?: SendOptions): Promise<Response>;
  close(): Promise<void>;
}

export interface SendOptions {
  secret?: string;
  /** Unix seconds of the signature (default now). */
  timestamp?: number;
  /** Change the body after signing. */
  tamper?: boolean;
  /** Send no Stripe-Signature header. */
  unsigned?: boolean;
  /** Reuse an event id (a redelivery). */
  eventId?: string;
}

/** How events reach the shop: over HTTP to webhookUrl by default; tests may hand them to the in-process API. */
export type Deliver = (init: { method: 'POST'; headers: Record<string, string>; body: string }) => Promise<Response>;

export async function startStripeFake(options: { webhookUrl?: string; deliver?: Deliver } = {}): Promise<StripeFake> {
  const sessions = new Map<string, FakeSession>();
  const refunds: Obj[] = [];
  const requests: FakeRequest[] = [];
  const remembered = new Map<string, { status: number; body: unknown }>();
  let failures = 0;
  let base = '';

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': id('req') });
    res.end(JSON.stringify(body));
  };
  const invalid = (message: string, param?: string) => ({
    error: { type: 'invalid_request_error', message, ...(param ? { param } : {}) },
  });

  function createSession(body: Obj): [number, unknown] {
    const items = body.line_items as Obj[] | undefined;
    const item = items?.[0] as
      { quantity?: string; price_data?: { currency?: string; unit_amount?: string } } | undefined;
    const amount = Number(item?.price_data?.unit_amount) * Number(item?.quantity ?? 1);
    if (!item?.price_data?.currency || !Number.isInteger(amount) || amount < 1)
      return [400, invalid('Invalid line_items', 'line_items')];
    if (body.mode !== 'payment') return [400, invalid('Invalid mode', 'mode')];
    const expiresAt = Number(body.expires_at);
    const now = Math.floor(Date.now() / 1000);
    if (expiresAt < now + 30 * 60 - 5 || expiresAt > now + 24 * 3600)
      return [400, invalid('expires_at must be 30 minutes to 24 hours from now', 'expires_at')];
    const sessionId = id('cs');
    const session: FakeSession = {
      id: sessionId,
      object: 'checkout.session',
      mode: 'payment',
      url: `${base}/pay/${sessionId}`,
      status: 'open',
      payment_status: 'unpaid',
      payment_intent: null,
      amount_total: amount,
      currency: String(item.price_data.currency),
      client_reference_id: (body.client_reference_id as string | undefined) ?? null,
      customer_email: (body.customer_email as string | undefined) ?? null,
      metadata: (body.metadata as Record<string, string> | undefined) ?? {},
      success_url: String(body.success_url),
      cancel_url: String(body.cancel_url),
      expires_at: expiresAt,
      created: now,
      livemode: false,
    };
    sessions.set(sessionId, session);
    return [200, session];
  }

  function pay(sessionId: string): FakeSession {
    const session = sessions.get(sessionId);
    if (!session || session.status !== 'open') throw new Error(`session ${sessionId} is not open`);
    Object.assign(session, { status: 'complete', payment_status: 'paid', payment_intent: id('pi'), url: null });
    return session;
  }

  function api(method: string, path: string, body: Obj): [number, unknown] {
    if (method === 'POST' && path === '/v1/checkout/sessions') return createSession(body);
    const one = /^\/v1\/checkout\/sessions\/([\w]+)(\/expire)?$/.exec(path);
    if (one) {
      const session = sessions.get(one[1]!);
      if (!session) return [404, invalid(`No such checkout.session: '${one[1]}'`, 'session')];
      if (method === 'GET' && !one[2]) return [200, session];
      if (method === 'POST' && one[2]) {
        if (session.status !== 'open')
          return [
            400,
            invalid(
              `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`,
            ),
          ];
        Object.assign(session, { status: 'expired', url: null });
        return [200, session];
      }
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const pi = String(body.payment_intent ?? '');
      const session = [...sessions.values()].find((s) => s.payment_intent === pi && s.payment_status === 'paid');
      if (!session) return [400, invalid(`No such payment_intent: '${pi}'`, 'payment_intent')];
      const already = refunds.filter((r) => r.payment_intent === pi).reduce((sum, r) => sum + Number(r.amount), 0);
      const amount = body.amount === undefined ? session.amount_total - already : Number(body.amount);
      if (!Number.isInteger(amount) || amount < 1 || already + amount > session.amount_total) {
        return [
          400,
          invalid(
            `Refund amount (${amount}) is greater than unrefunded amount on charge (${session.amount_total - already})`,
            'amount',
          ),
        ];
      }
      const refund = {
        id: id('re'),
        object: 'refund',
        amount,
        currency: session.currency,
        payment_intent: pi,
        status: 'succeeded',
        metadata: body.metadata ?? {},
        created: Math.floor(Date.now() / 1000),
      };
      refunds.push(refund);
      return [200, refund];
    }
    return [404, invalid(`Unrecognized request URL (${method}: ${path})`)];
  }

  async function readBody(req: IncomingMessage): Promise<string> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', base);
    const text = await readBody(req);
    const page = /^\/pay\/(cs_test_\w+)(\/pay|\/cancel)?$/.exec(url.pathname);
    if (page) return hostedPage(req.method ?? 'GET', page[1]!, page[2], res);
    if (req.headers.authorization !== `Bearer ${FAKE_SECRET_KEY}`)
      return json(res, 401, invalid('Invalid API Key provided'));
    const body = req.method === 'GET' ? {} : parseStripeForm(text);
    const key = (req.headers['idempotency-key'] as string | undefined) ?? null;
    requests.push({ method: req.method ?? 'GET', path: url.pathname, idempotencyKey: key, body });
    if (failures > 0) {
      failures--;
      return json(res, 500, { error: { type: 'api_error', message: 'An unknown error occurred' } });
    }
    const memo = key ? remembered.get(`${req.method} ${url.pathname} ${key}`) : undefined;
    if (memo) return json(res, memo.status, memo.body);
    const [status, answer] = api(req.method ?? 'GET', url.pathname, body);
    if (key) remembered.set(`${req.method} ${url.pathname} ${key}`, { status, body: answer });
    json(res, status, answer);
  }

  async function hostedPage(
    method: string,
    sessionId: string,
    action: string | undefined,
    res: ServerResponse,
  ): Promise<void> {
    const session = sessions.get(sessionId);
    if (!session) return json(res, 404, invalid('No such session'));
    if (method === 'GET' && !action) {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Pay ${session.amount_total / 100} ${session.currency.toUpperCase()}</title></head>
<body><main><h1>Stripe test payment</h1><p>${session.status}</p>
<form method="post" action="/pay/${sessionId}/pay"><button type="submit">Pay</button></form>
<form method="post" action="/pay/${sessionId}/cancel"><button type="submit">Cancel</button></form></main></body></html>`);
      return;
    }
    if (method === 'POST' && action === '/cancel') {
      res.writeHead(303, { Location: session.cancel_url });
      res.end();
      return;
    }
    if (method === 'POST' && action === '/pay' && session.status === 'open') {
      pay(sessionId);
      await fake.send('checkout.session.completed', sessionId);
      res.writeHead(303, { Location: session.success_url });
      res.end();
      return;
    }
    json(res, 400, invalid('This Checkout Session is no longer open.'));
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) =>
      json(res, 500, { error: { type: 'api_error', message: String(error) } }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const fake: StripeFake = {
    base,
    sessions,
    refunds,
    requests,
    webhookUrl: options.webhookUrl ?? '',
    failNext(count) {
      failures = count;
    },
    pay,
    async send(type, sessionId, opts = {}) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      const event = {
        id: opts.eventId ?? id('evt'),
        object: 'event',
        api_version: '2025-01-27.acacia',
        created: Math.floor(Date.now() / 1000),
        type,
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        data: { object: { ...session } },
      };
      const payload = JSON.stringify(event);
      const header = Stripe.webhooks.generateTestHeaderString({
        payload,
        secret: opts.secret ?? FAKE_WEBHOOK_SECRET,
        ...(opts.timestamp ? { timestamp: opts.timestamp } : {}),
      });
      const body = opts.tamper
        ? payload.replace(`"amount_total":${session.amount_total}`, `"amount_total":${session.amount_total - 1}`)
        : payload;
      const init = {
        method: 'POST' as const,
        headers: { 'Content-Type': 'application/json', ...(opts.unsigned ? {} : { 'Stripe-Signature': header }) },
        body,
      };
      return options.deliver ? options.deliver(init) : fetch(fake.webhookUrl, init);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return fake;
}
