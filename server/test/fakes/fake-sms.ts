// Test double: a local fake of ThaiBulkSMS's REST API v2 (POST /sms with Basic auth api key:secret, form fields
// msisdn, message, sender; 201 with phone_number_list and bad_phone_number_list, or an error object). 127.0.0.1,
// port 0; tests only.
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

export interface FakeSmsMessage {
  msisdn: string;
  message: string;
  sender: string;
}

export interface FakeSms {
  url: string;
  key: string;
  secret: string;
  sent: FakeSmsMessage[];
  /** The next `count` requests answer HTTP 500. */
  failNext(count?: number): void;
  /** Every request is answered after this long (a slow provider). */
  delay(ms: number): void;
  close(): Promise<void>;
}

export async function startFakeSms(key = 'sms-key', secret = 'sms-secret'): Promise<FakeSms> {
  const sent: FakeSmsMessage[] = [];
  let failures = 0;
  let sequence = 0;
  let delayMs = 0;
  const expected = `Basic ${Buffer.from(`${key}:${secret}`).toString('base64')}`;
  const app = new Hono();
  app.post('/sms', async (c) => {
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    if (failures > 0) {
      failures -= 1;
      return c.json({ error: { code: 500, name: 'INTERNAL_ERROR', description: 'internal error' } }, 500);
    }
    if (c.req.header('authorization') !== expected) {
      return c.json(
        { error: { code: 401, name: 'ERROR_AUTHORIZATION', description: 'invalid api key' } },
        401,
      );
    }
    const form = Object.fromEntries(new URLSearchParams(await c.req.text()));
    const msisdn = form.msisdn ?? '';
    if (!form.message) {
      return c.json(
        { error: { code: 400, name: 'ERROR_VALIDATION', description: 'message is required' } },
        400,
      );
    }
    if (!/^(0|66)[689]\d{8}$/.test(msisdn)) {
      return c.json(
        {
          remaining_credit: 100,
          total_use_credit: 0,
          phone_number_list: [],
          bad_phone_number_list: [{ number: msisdn, message: 'invalid number' }],
        },
        201,
      );
    }
    sent.push({ msisdn, message: form.message, sender: form.sender ?? '' });
    return c.json(
      {
        remaining_credit: 99,
        total_use_credit: 1,
        credit_type: 'standard',
        phone_number_list: [{ number: msisdn, message_id: `msg${++sequence}`, used_credit: 1 }],
        bad_phone_number_list: [],
      },
      201,
    );
  });
  const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    key,
    secret,
    sent,
    failNext(count = 1) {
      failures = count;
    },
    delay(ms) {
      delayMs = ms;
    },
    close: () => new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve()))),
  };
}
