// Test double: a local fake of GB Prime Pay's QR Cash API as its documentation describes it: POST
// /v3/qrcode/text (form: token, referenceNo, amount, backgroundUrl, ...) answering the PromptPay text; POST
// /v1/check_status_txn (Basic auth with the secret key, JSON referenceNo) answering the transaction; and the
// background callback it posts to the merchant's backgroundUrl when the payer pays. 127.0.0.1, port 0; tests only.
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import generatePayload from 'promptpay-qr';

export interface FakeGbpTransaction {
  referenceNo: string;
  gbpReferenceNo: string;
  amount: number;
  backgroundUrl: string;
  /** G: created, waiting; S: paid (settled); D: declined. */
  status: 'G' | 'S' | 'D';
  detail: string;
}

export interface FakeGbp {
  url: string;
  token: string;
  secretKey: string;
  transactions: Map<string, FakeGbpTransaction>;
  /** The payer pays (or is declined); answers the transaction. */
  pay(referenceNo: string, outcome?: 'S' | 'D'): FakeGbpTransaction;
  /** The background callback GB Prime Pay posts for a transaction (JSON; form-encoded when asked), and where to. */
  callback(
    referenceNo: string,
    fields?: Record<string, string>,
    encoding?: 'form' | 'json',
  ): { url: string; body: string; contentType: string };
  failNext(httpStatus: number): void;
  /** The status checks (POST /v1/check_status_txn) it was asked so far. */
  statusChecks(): number;
  close(): Promise<void>;
}

export async function startFakeGbp(
  token = 'gbp-token-test',
  secretKey = 'gbp-secret-test',
): Promise<FakeGbp> {
  const transactions = new Map<string, FakeGbpTransaction>();
  let sequence = 0;
  let failStatus: number | undefined;
  const app = new Hono();
  app.use('*', async (c, next) => {
    if (failStatus !== undefined) {
      const status = failStatus as 500;
      failStatus = undefined;
      return c.text('service unavailable', status);
    }
    await next();
  });

  app.post('/v3/qrcode/text', async (c) => {
    const form = Object.fromEntries(new URLSearchParams(await c.req.text()));
    if (form.token !== token) return c.json({ resultCode: '90', resultMessage: 'Invalid token' });
    const referenceNo = form.referenceNo ?? '';
    if (!/^[A-Za-z0-9]{1,15}$/.test(referenceNo)) {
      return c.json({ resultCode: '92', resultMessage: 'Invalid referenceNo' });
    }
    if (transactions.has(referenceNo))
      return c.json({ resultCode: '93', resultMessage: 'Duplicate referenceNo' });
    if (!/^\d+(\.\d{1,2})?$/.test(form.amount ?? '') || Number(form.amount) <= 0) {
      return c.json({ resultCode: '94', resultMessage: 'Invalid amount' });
    }
    const amount = Number(form.amount);
    const txn: FakeGbpTransaction = {
      referenceNo,
      gbpReferenceNo: `gbp${String(++sequence).padStart(12, '0')}`,
      amount,
      backgroundUrl: form.backgroundUrl ?? '',
      status: 'G',
      detail: form.detail ?? '',
    };
    transactions.set(referenceNo, txn);
    return c.json({
      referenceNo,
      qrcode: generatePayload('0105556012345', { amount }),
      resultCode: '00',
      gbpReferenceNo: txn.gbpReferenceNo,
    });
  });

  const expectedAuth = `Basic ${Buffer.from(`${secretKey}:`).toString('base64')}`;
  let checks = 0;
  app.post('/v1/check_status_txn', async (c) => {
    checks += 1;
    if (c.req.header('authorization') !== expectedAuth) {
      return c.json({ resultCode: '90', resultMessage: 'Unauthorized' }, 401);
    }
    const body = (await c.req.json().catch(() => ({}))) as { referenceNo?: string };
    const txn = transactions.get(body.referenceNo ?? '');
    if (!txn) return c.json({ resultCode: '54', resultMessage: 'Transaction not found' });
    return c.json({
      resultCode: '00',
      txn: {
        referenceNo: txn.referenceNo,
        gbpReferenceNo: txn.gbpReferenceNo,
        amount: txn.amount,
        status: txn.status,
        paymentType: 'Q',
        currencyCode: '764',
      },
    });
  });

  const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    token,
    secretKey,
    transactions,
    pay(referenceNo, outcome = 'S') {
      const txn = transactions.get(referenceNo);
      if (!txn) throw new Error(`no transaction ${referenceNo}`);
      txn.status = outcome;
      return txn;
    },
    callback(referenceNo, fields = {}, encoding = 'json') {
      const txn = transactions.get(referenceNo);
      const body: Record<string, string> = {
        resultCode: txn?.status === 'S' ? '00' : '99',
        amount: txn ? txn.amount.toFixed(2) : '0.00',
        referenceNo,
        gbpReferenceNo: txn?.gbpReferenceNo ?? '',
        currencyCode: '764',
        paymentType: 'Q',
        date: '22112026',
        time: '120000',
        ...fields,
      };
      return {
        url: txn?.backgroundUrl ?? '',
        body: encoding === 'json' ? JSON.stringify(body) : new URLSearchParams(body).toString(),
        contentType: encoding === 'json' ? 'application/json' : 'application/x-www-form-urlencoded',
      };
    },
    statusChecks: () => checks,
    failNext(httpStatus) {
      failStatus = httpStatus;
    },
    close: () => new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve()))),
  };
}
