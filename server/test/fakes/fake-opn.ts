// Test double: a local fake of the Opn Payments Charges API (POST /charges with a card token or a promptpay
// source, GET /charges/{id}) with its Basic-auth check, amount and currency rules and error objects, the 3-D Secure
// page a pending charge's authorize_uri points to, the QR image of a PromptPay source, and webhooks (POST of an
// event object to the merchant's endpoint). It listens on 127.0.0.1, port 0, and is used by tests only.
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { type Context, Hono } from 'hono';

/** What a token makes of a charge: 3-D Secure first, paid at once, or declined by the issuer. */
export type FakeCardKind = '3ds' | 'no-3ds' | 'declined';

export interface FakeCharge {
  object: 'charge';
  id: string;
  amount: number;
  currency: string;
  status: 'pending' | 'successful' | 'failed';
  authorize_uri: string | null;
  authorized: boolean;
  paid: boolean;
  failure_code: string | null;
  failure_message: string | null;
  return_uri: string;
  description: string;
  metadata: Record<string, string>;
  transaction: string | null;
  /** Satang given back so far (POST /charges/{id}/refunds). */
  refunded_amount: number;
  source: { object: 'source'; type: 'promptpay'; scannable_code: { image: { download_uri: string } } } | null;
}

export interface FakeOpn {
  /** The API address to give the client (OPN_API_URL). */
  url: string;
  secretKey: string;
  /** A fresh single-use card token. */
  token(kind?: FakeCardKind): string;
  charges: Map<string, FakeCharge>;
  /** The next request answers this HTTP status with an error object instead of being served. */
  failNext(httpStatus: number): void;
  /** The next request is answered only after this many milliseconds. */
  delayNext(ms: number): void;
  /** The payer scans and pays (or fails) a PromptPay charge; answers the charge. */
  completePromptPay(chargeId: string, outcome: 'successful' | 'failed'): FakeCharge;
  /** Posts an event about a charge to a webhook endpoint, as Opn does; answers the endpoint's HTTP status. */
  sendWebhook(endpoint: string, chargeId: string, key?: string, data?: Partial<FakeCharge>): Promise<number>;
  close(): Promise<void>;
}

/** Opn Payments' smallest THB charge: 20 baht. */
export const FAKE_OPN_MIN_THB_SATANG = 2000;

export async function startFakeOpn(secretKey = 'skey_test_fake'): Promise<FakeOpn> {
  const tokens = new Map<string, { kind: FakeCardKind; used: boolean }>();
  const charges = new Map<string, FakeCharge>();
  let sequence = 0;
  let failStatus: number | undefined;
  let delayMs = 0;
  let url = '';
  const nextId = (prefix: string) => `${prefix}_test_${(++sequence).toString(36).padStart(6, '0')}`;
  const error = (c: Context, status: 400 | 401 | 404 | 500 | 503, code: string, message: string) =>
    c.json({ object: 'error', location: `/api-errors#${code}`, code, message }, status);

  const app = new Hono();
  const expected = `Basic ${Buffer.from(`${secretKey}:`).toString('base64')}`;
  app.use('*', async (c, next) => {
    if (c.req.path.startsWith('/payments/') || c.req.path.startsWith('/documents/')) return next();
    if (delayMs > 0) {
      const ms = delayMs;
      delayMs = 0;
      await new Promise((resolve) => setTimeout(resolve, ms));
    }
    if (failStatus !== undefined) {
      const status = failStatus as 500 | 503;
      failStatus = undefined;
      return error(c, status, 'service_unavailable', 'service unavailable');
    }
    if (c.req.header('authorization') !== expected) {
      return error(c, 401, 'authentication_failure', 'authentication failed');
    }
    await next();
  });

  app.post('/charges', async (c) => {
    const fields = await readFields(c);
    const amount = Number(fields.amount);
    const currency = (fields.currency ?? '').toLowerCase();
    if (currency !== 'thb') return error(c, 400, 'invalid_charge', 'currency is currently not supported');
    if (!/^\d+$/.test(fields.amount ?? '') || !Number.isSafeInteger(amount)) {
      return error(c, 400, 'invalid_charge', 'amount is not a number');
    }
    if (amount < FAKE_OPN_MIN_THB_SATANG) {
      return error(c, 400, 'invalid_charge', `amount must be at least ${FAKE_OPN_MIN_THB_SATANG}`);
    }
    const metadataOf = () =>
      Object.fromEntries(
        Object.entries(fields).flatMap(([k, value]) => {
          const key = /^metadata\[(.+)\]$/.exec(k)?.[1];
          return key ? [[key, value]] : [];
        }),
      );
    if (fields['source[type]'] !== undefined) {
      if (fields['source[type]'] !== 'promptpay')
        return error(c, 400, 'invalid_source', 'source type is not supported');
      const id = nextId('chrg');
      const charge: FakeCharge = {
        object: 'charge',
        id,
        amount,
        currency,
        status: 'pending',
        authorize_uri: null,
        authorized: false,
        paid: false,
        failure_code: null,
        failure_message: null,
        return_uri: fields.return_uri ?? '',
        description: fields.description ?? '',
        metadata: metadataOf(),
        transaction: null,
        refunded_amount: 0,
        source: {
          object: 'source',
          type: 'promptpay',
          scannable_code: { image: { download_uri: `${url}/documents/${id}/qr.svg` } },
        },
      };
      charges.set(id, charge);
      return c.json(charge);
    }
    const tokenId = fields.card ?? '';
    const token = tokens.get(tokenId);
    if (!token) return error(c, 404, 'not_found', `token ${tokenId} was not found`);
    if (token.used) return error(c, 400, 'used_token', 'token was already used');
    token.used = true;
    const id = nextId('chrg');
    const metadata = metadataOf();
    const charge: FakeCharge = {
      object: 'charge',
      id,
      amount,
      currency,
      status: token.kind === '3ds' ? 'pending' : token.kind === 'no-3ds' ? 'successful' : 'failed',
      authorize_uri: token.kind === '3ds' ? `${url}/payments/${id}/authorize` : null,
      authorized: token.kind === 'no-3ds',
      paid: token.kind === 'no-3ds',
      failure_code: token.kind === 'declined' ? 'insufficient_fund' : null,
      failure_message: token.kind === 'declined' ? 'insufficient funds in the account' : null,
      return_uri: fields.return_uri ?? '',
      description: fields.description ?? '',
      metadata,
      transaction: token.kind === 'no-3ds' ? nextId('trxn') : null,
      refunded_amount: 0,
      source: null,
    };
    charges.set(id, charge);
    return c.json(charge);
  });

  app.get('/charges/:id', (c) => {
    const charge = charges.get(c.req.param('id'));
    return charge ? c.json(charge) : error(c, 404, 'not_found', `charge ${c.req.param('id')} was not found`);
  });

  // Refunds: part or all of a successful charge, never more than is left of it.
  app.post('/charges/:id/refunds', async (c) => {
    const charge = charges.get(c.req.param('id'));
    if (!charge) return error(c, 404, 'not_found', `charge ${c.req.param('id')} was not found`);
    const amount = Number((await c.req.parseBody()).amount);
    if (charge.status !== 'successful')
      return error(c, 400, 'failed_refund', 'only a successful charge can be refunded');
    if (!Number.isSafeInteger(amount) || amount <= 0 || amount > charge.amount - charge.refunded_amount)
      return error(c, 400, 'invalid_amount', 'the refund amount is invalid');
    charge.refunded_amount += amount;
    return c.json({ object: 'refund', id: nextId('rfnd'), amount, charge: charge.id });
  });

  // The bank's 3-D Secure page: passing it (or ?result=fail failing it) settles the charge and returns the buyer.
  app.get('/payments/:id/authorize', (c) => {
    const charge = charges.get(c.req.param('id'));
    if (!charge) return c.text('no such payment', 404);
    if (charge.status === 'pending') {
      const pass = c.req.query('result') !== 'fail';
      Object.assign(charge, {
        status: pass ? 'successful' : 'failed',
        authorized: pass,
        paid: pass,
        failure_code: pass ? null : 'failed_3ds',
        failure_message: pass ? null : 'the cardholder did not pass 3-D Secure',
        transaction: pass ? nextId('trxn') : null,
      });
    }
    return c.redirect(charge.return_uri, 302);
  });

  // The QR image of a PromptPay source: public, as Opn's document downloads are.
  app.get('/documents/:id/qr.svg', (c) =>
    charges.has(c.req.param('id'))
      ? c.body('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>', 200, {
          'content-type': 'image/svg+xml',
        })
      : c.text('not found', 404),
  );

  const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    secretKey,
    token(kind = '3ds') {
      const id = nextId('tokn');
      tokens.set(id, { kind, used: false });
      return id;
    },
    charges,
    failNext(httpStatus) {
      failStatus = httpStatus;
    },
    delayNext(ms) {
      delayMs = ms;
    },
    completePromptPay(chargeId, outcome) {
      const charge = charges.get(chargeId);
      if (!charge?.source) throw new Error(`no PromptPay charge ${chargeId}`);
      const paid = outcome === 'successful';
      Object.assign(charge, {
        status: outcome,
        paid,
        authorized: paid,
        transaction: paid ? nextId('trxn') : null,
        failure_code: paid ? null : 'payment_rejected',
        failure_message: paid ? null : 'the payment was rejected',
      });
      return charge;
    },
    async sendWebhook(endpoint, chargeId, key = 'charge.complete', data = {}) {
      const charge = charges.get(chargeId) ?? { object: 'charge', id: chargeId };
      const event = {
        object: 'event',
        id: nextId('evnt'),
        key,
        created_at: new Date().toISOString(),
        data: { ...charge, ...data },
      };
      const res = await fetch(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(event),
      });
      return res.status;
    },
    close: () => new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve()))),
  };
}

/** The charge fields, form-encoded (the API's usual form) or JSON. */
async function readFields(c: Context): Promise<Record<string, string>> {
  if ((c.req.header('content-type') ?? '').includes('application/json')) {
    const body = (await c.req.json().catch(() => ({}))) as Record<string, unknown>;
    const out: Record<string, string> = {};
    for (const [k, value] of Object.entries(body)) {
      if (k === 'metadata' && value && typeof value === 'object') {
        for (const [mk, mv] of Object.entries(value)) out[`metadata[${mk}]`] = String(mv);
      } else if (value !== null && value !== undefined) out[k] = String(value);
    }
    return out;
  }
  return Object.fromEntries(new URLSearchParams(await c.req.text()));
}
