// More of the attacker's checks of hostile input, run by bench:attack (attack-recheck.ts) against the
// store process: malformed and deeply nested JSON, oversized bodies answered 413 to a client still sending, long
// polls held beyond the per-client cap, order creation per client, slip searches without the mobile, card charges
// opened at once on one order, callbacks about no payment, shared photos that stall, and the masked contact. The
// selfie burst (oversized PNG selfies, then a real search) runs on a store of its own with face workers.
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import net from 'node:net';
import sharp from 'sharp';
import { UPLOAD_CONTENT_TYPE } from '../core/constants';
import { DEMO_APP_TOKEN } from '../server/config';
import { LIMITS } from '../server/routes/api';
import { MOST_HELD_PER_CLIENT_ORDER } from '../server/services/order-watch';
import { TEST_CONSENT } from '../server/test/consent';
import { demoSelfieJpeg } from '../tests/demo-selfie';
import { type BenchStore, startStore, waitFor } from './bench-kit';

export interface HostileInputKit {
  store: BenchStore;
  /** A request "through the proxy", from its own client unless `from` says otherwise. */
  call: (url: string, init?: RequestInit & { json?: unknown; from?: string }) => Promise<Response>;
  check: (name: string, ok: boolean, detail: unknown) => void;
  /** A PromptPay order body of the stage event (overrides merged). */
  order: (over?: Record<string, unknown>) => Record<string, unknown>;
  env: Record<string, string>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function hostileInputChecks(kit: HostileInputKit): Promise<void> {
  const { call, check, order } = kit;
  const json = async (res: Response) => (await res.json().catch(() => ({}))) as Record<string, unknown>;

  // 9. A body that is not the call's JSON: 400 in the usual shape, never 500.
  const bodies = [
    '[[[[[[[[[[[[',
    `${'['.repeat(100_000)}${']'.repeat(100_000)}`,
    `${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)}`,
  ];
  const routes = [
    '/api/v1/events/pagination',
    '/api/v1/events/pagination-count',
    '/api/v1/facesearch/highlight',
    '/api/v1/imagestage/pagination-count',
    '/api/v3/order/create',
    '/api/v1/order/find-order',
    '/api/v1/logs/',
  ];
  const malformed: number[] = [];
  for (const route of routes)
    for (const body of bodies)
      malformed.push(
        (await call(route, { method: 'POST', body, headers: { 'content-type': 'application/json' } })).status,
      );
  check(
    'malformed or deeply nested JSON answers 400, never 500',
    malformed.every((s) => s === 400),
    {
      statuses: [...new Set(malformed)],
      requests: malformed.length,
    },
  );

  // 10. Oversized bodies: the 413 reaches the client, even one still sending slowly.
  const big = new Uint8Array(10 * 1024 * 1024).fill(32);
  const oversized = await Promise.all([
    call('/api/v1/events/pagination', {
      method: 'POST',
      body: big,
      headers: { 'content-type': 'application/json' },
    }),
    call('/api/v1/logs/', { method: 'POST', body: big, headers: { 'content-type': 'application/json' } }),
  ]).then((all) => all.map((r) => r.status));
  const url = new URL(kit.store.base);
  const slow = await new Promise<string>((resolve) => {
    const socket = net.connect(Number(url.port), url.hostname);
    let seen = '';
    socket.on('data', (d) => {
      seen += d.toString('latin1');
    });
    socket.on('error', (e: NodeJS.ErrnoException) => resolve(`error ${e.code} after ${seen.slice(0, 12)}`));
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    socket.write(
      `POST /api/v1/logs/ HTTP/1.1\r\nHost: x\r\nx-forwarded-for: 10.200.0.1\r\ncontent-type: application/json\r\ncontent-length: ${chunk.length * 96}\r\n\r\n`,
    );
    let sent = 0;
    const timer = setInterval(() => {
      if (socket.destroyed) return clearInterval(timer);
      socket.write(chunk);
      if (++sent === 96) {
        clearInterval(timer);
        socket.write('GET /app-settings.json HTTP/1.1\r\nHost: x\r\n\r\n');
        setTimeout(() => {
          socket.destroy();
          resolve(seen);
        }, 1500);
      }
    }, 20);
  });
  const slowStatuses = [...slow.matchAll(/HTTP\/1\.1 (\d+)/g)].map((m) => m[1]);
  check(
    'an oversized body is answered 413, also to a slow client still sending, and the connection goes on',
    oversized.every((s) => s === 413) && slowStatuses.join() === '413,200',
    { fetch_statuses: oversized, slow_client: slowStatuses.length ? slowStatuses : slow.slice(0, 60) },
  );

  // 2. Long polls beyond a client's cap are answered at once.
  const created = await json(await call('/api/v1/order/create', { method: 'POST', json: order() }));
  const uuid = String(created.uuid);
  const first = await json(
    await call('/api/v3/order/inquiry', { method: 'POST', json: { tk: DEMO_APP_TOKEN, order_uuid: uuid } }),
  );
  const pollFrom = '10.201.0.1';
  const started = performance.now();
  const polls = Array.from({ length: MOST_HELD_PER_CLIENT_ORDER + 6 }, () =>
    call('/api/v3/order/inquiry', {
      method: 'POST',
      from: pollFrom,
      json: { tk: DEMO_APP_TOKEN, order_uuid: uuid, wait: 3, known: first.state_token },
    }).then(() => performance.now() - started),
  );
  const pollMs = (await Promise.all(polls)).sort((a, b) => a - b);
  const atOnce = pollMs.filter((ms) => ms < 1500).length;
  check(
    'long polls beyond a client’s cap on an order are answered at once, the rest held to their wait',
    atOnce === 6,
    {
      held_per_client_and_order: MOST_HELD_PER_CLIENT_ORDER,
      answered_within_1_5s: atOnce,
      longest_ms: Math.round(pollMs.at(-1) ?? 0),
    },
  );

  // 3. Order creation is limited per client.
  const fromOne = '10.202.0.1';
  const statuses: number[] = [];
  for (let i = 0; i < LIMITS.createOrder.capacity + 3; i++)
    statuses.push(
      (await call('/api/v1/order/create', { method: 'POST', from: fromOne, json: order() })).status,
    );
  check('order creation is limited per client', statuses.filter((s) => s === 429).length >= 3, {
    created: statuses.filter((s) => s === 200).length,
    refused_429: statuses.filter((s) => s === 429).length,
  });

  // 7. A slip's last 4 characters alone find nothing: the mobile is required; the order page masks the contact.
  const slipAlone = await call('/api/v1/order/find-order', {
    method: 'POST',
    json: { tk: DEMO_APP_TOKEN, filter_type: 'payment_ref', txt_search: 'AB12' },
  });
  const inquiry = await json(
    await call('/api/v3/order/inquiry', { method: 'POST', json: { tk: DEMO_APP_TOKEN, order_uuid: uuid } }),
  );
  check(
    'a slip search needs the mobile; the order page shows the contact masked',
    slipAlone.status === 400 && /^\d{3}\*+\d{3}$/.test(String(inquiry.mobile)),
    { slip_alone: slipAlone.status, mobile_shown: inquiry.mobile },
  );

  // 4. Five card payments at once on one order: one charge.
  const card = await json(
    await call('/api/v3/order/create', { method: 'POST', json: order({ payment_channel: 'CC' }) }),
  );
  const cardUuid = String(card.uuid);
  const token = async () =>
    String(
      (
        await json(
          await call('/api/sandbox/tokens', {
            method: 'POST',
            json: {
              name: 'Test',
              number: '4111111111111111',
              expiration_month: 12,
              expiration_year: 2030,
              security_code: '123',
            },
          }),
        )
      ).id,
    );
  const tokens = await Promise.all(Array.from({ length: 5 }, token));
  const payments = await Promise.all(
    tokens.map(async (token_key) =>
      json(
        await call('/api/v3/order/opn-cc-payment', {
          method: 'POST',
          json: {
            token_key,
            uuid: cardUuid,
            email: '',
            mobile: '0812345678',
            paid_amount: '12600',
            sk: DEMO_APP_TOKEN,
          },
        }),
      ),
    ),
  );
  const codes = payments.map((p) => (p.status === 'success' ? 'paid' : String(p.code)));
  check(
    'five card payments at once on one order open one charge; the others hear a payment is in progress',
    codes.filter((c) => c === 'paid').length === 1 &&
      codes.every((c) => c === 'paid' || c === 'payment-in-progress' || c === 'already-paid'),
    { answers: codes },
  );

  // 6. Callbacks about no payment of ours: refused, and (sandbox) no call out; a body with a byte-order mark too.
  const callbacks = await Promise.all(
    Array.from({ length: 50 }, () =>
      call('/api/payments/sandbox/callback', {
        method: 'POST',
        body: JSON.stringify({ charge_id: `sbx_pp_${randomUUID().replace(/-/g, '').slice(0, 24)}` }),
        headers: { 'content-type': 'application/json' },
      }).then((r) => r.status),
    ),
  );
  const bom = await call('/api/payments/sandbox/callback', {
    method: 'POST',
    body: new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('{}')]),
    headers: { 'content-type': 'application/json' },
  });
  check(
    'callbacks about no payment are refused, one with a byte-order mark too',
    callbacks.every((s) => s >= 400) && bom.status >= 400,
    {
      statuses: [...new Set(callbacks)],
      byte_order_mark: bom.status,
    },
  );

  // 5. Shared photos: dropped as they come up to a selfie's size, limited per client.
  const shareFrom = '10.203.0.1';
  const shares: number[] = [];
  for (let i = 0; i < 8; i++) {
    const form = new FormData();
    form.append('photo', new Blob([new Uint8Array(1024)], { type: 'image/jpeg' }), 'IMG.jpg');
    shares.push(
      (await call('/share-target', { method: 'POST', body: form, from: shareFrom, redirect: 'manual' }))
        .status,
    );
  }
  // 30 connections each sending 10 MB of a "photo" and then stalling: nothing is kept, and they are cut off.
  const rssMb = async () =>
    Number(
      (await readFile(`/proc/${kit.store.process.pid}/status`, 'utf8').catch(() => '')).match(
        /VmRSS:\s+(\d+)/,
      )?.[1] ?? 0,
    ) / 1024;
  const before = await rssMb();
  let peak = before;
  const stalled = await Promise.all(
    Array.from(
      { length: 30 },
      (_, i) =>
        new Promise<string>((resolve) => {
          const socket = net.connect(Number(url.port), url.hostname);
          let seen = '';
          socket.on('data', (d) => {
            seen += d.toString('latin1');
          });
          socket.on('error', () => undefined);
          socket.on('close', () => resolve(/^HTTP\/1\.1 (\d+)/.exec(seen)?.[1] ?? 'closed'));
          const boundary = 'x-stall';
          socket.write(
            `POST /share-target HTTP/1.1\r\nHost: x\r\nx-forwarded-for: 10.204.${i}.1\r\ncontent-type: multipart/form-data; boundary=${boundary}\r\ncontent-length: ${40 * 1024 * 1024}\r\n\r\n--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
          );
          socket.write(Buffer.alloc(10 * 1024 * 1024, 0x61));
          setTimeout(() => socket.destroy(), 20_000);
        }),
    ).concat(
      (async () => {
        for (let t = 0; t < 30; t++) {
          await sleep(500);
          peak = Math.max(peak, await rssMb());
        }
        return 'watched';
      })(),
    ),
  );
  check('30 stalled 10 MB shares raise the memory little and are cut off', peak - before < 200, {
    rss_before_mb: Math.round(before),
    rss_peak_mb: Math.round(peak),
    answers: [...new Set(stalled.slice(0, -1))],
  });

  const tooBig = new FormData();
  tooBig.append('photo', new Blob([new Uint8Array(16 * 1024 * 1024)], { type: 'image/jpeg' }), 'IMG.jpg');
  const bigShare = (await call('/share-target', { method: 'POST', body: tooBig, redirect: 'manual' })).status;
  check(
    'shared photos are limited per client and refused beyond a selfie’s size',
    shares.includes(429) && bigShare === 413,
    {
      statuses: shares,
      sixteen_mb: bigShare,
    },
  );
}

/**
 * 1. The selfie burst on a store with face workers: oversized 16-bit interlaced PNG selfies from one address at
 * once, then a real selfie search from another: it must be answered (not "busy") within a minute.
 */
export async function selfieBurstCheck(
  check: HostileInputKit['check'],
  env: Record<string, string>,
  stage: string,
): Promise<void> {
  const store = await startStore({ ...env, FACE_WORKERS: '1', SELFIE_WORKERS: '1' });
  try {
    await waitFor(
      'the store with face workers',
      async () => ((await fetch(`${store.base}/api/v1/events/${stage}`)).ok ? true : undefined),
      180_000,
    );
    let n = 0;
    const from = (who: string) => ({ 'x-forwarded-for': who });
    const search = async (bytes: Uint8Array<ArrayBuffer>, type: string, who: string) => {
      n += 1;
      const sign = (await (
        await fetch(`${store.base}/api/v2/facesearch/sign`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...from(who) },
          body: JSON.stringify({
            event_key: stage,
            file_name: `me-${n}.${type === 'image/png' ? 'png' : 'jpg'}`,
            file_type: type,
            consent: TEST_CONSENT,
          }),
        })
      ).json()) as { url: string; search_id: string; file_location: string };
      await fetch(new URL(sign.url, store.base), {
        method: 'PUT',
        body: bytes,
        headers: { 'content-type': UPLOAD_CONTENT_TYPE },
      });
      const res = await fetch(`${store.base}/api/v2/facesearch`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...from(who) },
        body: JSON.stringify({
          search_id: sign.search_id,
          file_location: sign.file_location,
          event_key: stage,
        }),
      });
      return { status: res.status, body: (await res.json().catch(() => ({}))) as Record<string, unknown> };
    };
    // The attack's selfie: 6320×6320, 16-bit, interlaced.
    const heavy = new Uint8Array(
      await sharp({ create: { width: 6320, height: 6320, channels: 3, background: '#6d7a86' } })
        .toColourspace('rgb16')
        .png({ progressive: true, compressionLevel: 9 })
        .toBuffer(),
    );
    const burstStarted = performance.now();
    const burst = await Promise.all(
      Array.from({ length: 8 }, () => search(heavy, 'image/png', '10.210.0.1')),
    );
    const burstMs = performance.now() - burstStarted;
    const selfie = new Uint8Array(await demoSelfieJpeg());
    const after = performance.now();
    let answer = await search(selfie, 'image/jpeg', '10.211.0.1');
    let tries = 1;
    while (answer.status === 503 && performance.now() - after < 60_000) {
      await sleep(Math.max(1, Number(answer.body.retry_after ?? 1)) * 1000);
      answer = await search(selfie, 'image/jpeg', `10.211.0.${++tries}`);
    }
    const recoveredMs = performance.now() - after;
    check(
      'after a burst of oversized PNG selfies, a search is answered within a minute',
      answer.status === 200 && recoveredMs < 60_000,
      {
        burst_statuses: [...new Set(burst.map((b) => `${b.status} ${b.body.code ?? ''}`.trim()))],
        burst_png_bytes: heavy.length,
        burst_answered_ms: Math.round(burstMs),
        search_after_ms: Math.round(recoveredMs),
        search_status: answer.status,
        tries,
      },
    );
  } finally {
    await store.stop();
  }
}
