// The attacker's checks of hostile input, run against the real store (npm start's entry) on loopback, behind one
// trusted proxy (TRUST_PROXY=1) with the sandbox gateway: forged signed addresses, path traversal, tampered prices,
// forbidden characters, huge ids, a reused idempotency key, the rate limits with a forged X-Forwarded-For, keep-alive
// after an early answer, a reused upload address, the CSP and source maps, the preview's size, 400 concurrent order
// creations, and kill -9 in the middle of creations; then those of attack-hostile-input.ts and attack-race-day.ts. Each check
// says what it expected and what came; prints JSON.
//   node --import tsx bench/attack-recheck.ts [--dist dist]
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { TEST_CONSENT } from '../server/test/consent';
import { hostileInputChecks, selfieBurstCheck } from './attack-hostile-input';
import { raceDayChecks } from './attack-race-day';
import { type BenchStore, startStore, waitFor } from './bench-kit';

const { values } = parseArgs({
  options: { dist: { type: 'string', default: process.env.DIST_DIR ?? 'dist' } },
});
const STAGE = 'phuket-beach-run-2026';
const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-attack-'));
const env = {
  DATA_DIR: path.join(dir, 'data'),
  DIST_DIR: values.dist,
  FACE_WORKERS: '0',
  PAYMENT_GATEWAY: 'sandbox',
  TRUST_PROXY: '1',
};
const results: Record<string, unknown> = {};
const failures: string[] = [];
let requests = 0;

function check(name: string, ok: boolean, detail: unknown) {
  results[name] = { ok, detail };
  if (!ok) failures.push(name);
}

const started = async (): Promise<BenchStore> => {
  const store = await startStore(env);
  await waitFor(
    'the store',
    async () => ((await fetch(`${store.base}/api/v1/events/${STAGE}`)).ok ? true : undefined),
    120_000,
  );
  return store;
};

let store = await started();
const call = async (url: string, init: RequestInit & { json?: unknown; from?: string } = {}) => {
  requests += 1;
  const headers = new Headers(init.headers);
  // Each call comes "through the proxy" from its own client unless told otherwise.
  headers.set('x-forwarded-for', init.from ?? `10.${requests % 250}.${(requests >> 8) % 250}.9`);
  if (init.json !== undefined) headers.set('content-type', 'application/json');
  return fetch(`${store.base}${url}`, {
    ...init,
    headers,
    body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
  });
};

try {
  const event = ((await (await call(`/api/v1/events/${STAGE}`)).json()) as { body: { event_id: number } })
    .body;
  const photos = (
    (await (
      await call('/api/v1/imagestage/pagination', {
        method: 'POST',
        json: { event_id: event.event_id, event_key: STAGE, page: 1, page_size: 4 },
      })
    ).json()) as { body: { id: number; preview_file_name: string }[] }
  ).body;
  const order = (over: Record<string, unknown> = {}) => ({
    mobile: '0812345678',
    event_key: STAGE,
    amount: '126.00',
    imageList: photos.slice(0, 2).map((p) => ({ id: p.id })),
    payment_channel: 'PP',
    ...over,
  });
  const orderExists = async (uuid: string) =>
    (
      await call('/api/v3/order/inquiry', {
        method: 'POST',
        json: { tk: 'demo-app-token', order_uuid: uuid },
      })
    ).ok;
  const create = (body: unknown, headers: Record<string, string> = {}) =>
    call('/api/v1/order/create', { method: 'POST', json: body, headers });

  // Tampered prices: every amount but the right one is refused.
  const prices = ['0.00', '1.00', '125.99', '-126.00', '12600', '1e2', '126.001', 'NaN', ''];
  const priceStatuses = await Promise.all(
    prices.map(async (amount) => (await create(order({ amount }))).status),
  );
  check(
    'tampered prices refused',
    priceStatuses.every((s) => s === 400 || s === 409),
    {
      prices,
      statuses: priceStatuses,
    },
  );

  // Forbidden characters in the text fields, and ids beyond a safe integer.
  const nul = 'a\u0000b';
  const textCases = [
    order({ order_team: nul }),
    order({ coupon_code: nul }),
    order({ email: `x${nul}@example.com` }),
    order({ am_order_ref: nul }),
    order({ mobile: '081234567\u202e8' }),
    order({ imageList: [{ id: 1e19 }] }),
    order({ imageList: [{ id: 1e300 }] }),
    order({ imageList: [{ id: '99999999999999999999' }] }),
  ];
  const textStatuses = await Promise.all(textCases.map(async (b) => (await create(b)).status));
  const logStatuses = await Promise.all(
    [{ event_key: nul }, { image_id: nul }].map(
      async (b) => (await call('/api/v1/logs/', { method: 'POST', json: { service: 'event', ...b } })).status,
    ),
  );
  check(
    'forbidden characters and huge ids answered 400',
    [...textStatuses, ...logStatuses].every((s) => s === 400),
    {
      orders: textStatuses,
      logs: logStatuses,
    },
  );

  // An idempotency key bound to its request.
  const key = randomUUID();
  const first = await create(order(), { 'idempotency-key': key });
  const firstUuid = ((await first.json()) as { uuid: string }).uuid;
  const replay = await create(order(), { 'idempotency-key': key });
  const replayUuid = ((await replay.json()) as { uuid: string }).uuid;
  const otherBuyer = await create(order({ mobile: '0899999999' }), { 'idempotency-key': key });
  check(
    'idempotency key: same body replays, another body 422',
    first.status === 200 && replayUuid === firstUuid && otherBuyer.status === 422,
    { first: first.status, replay_same_uuid: replayUuid === firstUuid, other_body: otherBuyer.status },
  );

  // Pay the order, then forge its signed addresses.
  const paid = await fetch(`${store.base}/api/sandbox/pay/${firstUuid}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'action=pay',
  });
  if (!paid.ok) throw new Error('the sandbox did not take the payment');
  const paidImages = await waitFor(
    'the paid images',
    async () => {
      const answer = (await (
        await call('/api/v3/order/inquiry', {
          method: 'POST',
          json: { tk: 'demo-app-token', order_uuid: firstUuid },
        })
      ).json()) as { images_paid?: string | null; is_logo_image_created?: string };
      const list = answer.images_paid;
      return list && answer.is_logo_image_created === 'Y'
        ? (JSON.parse(list) as { image: string; image_logo: string }[])
        : undefined;
    },
    60_000,
  );
  const original = new URL(paidImages[0]?.image ?? '', store.base);
  const logo = new URL(paidImages[0]?.image_logo ?? '', store.base);
  const other = new URL(paidImages[1]?.image ?? '', store.base);
  const genuine = (await fetch(original)).status;
  const forge = (url: URL, edit: (u: URL) => void) => {
    const u = new URL(url);
    edit(u);
    return u;
  };
  const sig = original.searchParams.get('sig') ?? '';
  const flip = (s: string) => (s[0] === 'A' ? 'B' : 'A') + s.slice(1);
  const forgeries: [string, URL | string][] = [
    ['no signature', forge(original, (u) => u.searchParams.delete('sig'))],
    ['no expiry', forge(original, (u) => u.searchParams.delete('expires'))],
    ['empty signature', forge(original, (u) => u.searchParams.set('sig', ''))],
    ['one character changed', forge(original, (u) => u.searchParams.set('sig', flip(sig)))],
    ['signature cut short', forge(original, (u) => u.searchParams.set('sig', sig.slice(0, -2)))],
    [
      'later expiry',
      forge(original, (u) => u.searchParams.set('expires', String((Date.now() / 1000 + 1e6) | 0))),
    ],
    ['past expiry', forge(original, (u) => u.searchParams.set('expires', '1000'))],
    [
      'expiry as a float',
      forge(original, (u) => u.searchParams.set('expires', `${u.searchParams.get('expires')}.0`)),
    ],
    ['another photo with this signature', forge(other, (u) => u.searchParams.set('sig', sig))],
    [
      'the logo signature on the original',
      forge(original, (u) => u.searchParams.set('sig', logo.searchParams.get('sig') ?? '')),
    ],
    ['upper-cased path', forge(original, (u) => (u.pathname = u.pathname.toUpperCase()))],
    [
      'path traversal',
      `${original.origin}${original.pathname.replace(/[^/]+$/, '..%2f..%2f..%2fdb')}?${original.search}`,
    ],
    ['dot segments', `${original.origin}/storage/private/../private/${original.pathname.split('/').pop()}`],
    ['the original without its query', `${original.origin}${original.pathname}`],
  ];
  const forgedStatuses = await Promise.all(
    forgeries.map(async ([name, url]) => [name, (await fetch(url)).status] as const),
  );
  check(
    'forged signed addresses refused',
    genuine === 200 && forgedStatuses.every(([, s]) => s >= 400 && s < 500),
    { genuine, forged: Object.fromEntries(forgedStatuses) },
  );
  const traversal = [
    '/storage/..%2f..%2fetc%2fpasswd',
    '/storage/%2e%2e/%2e%2e/etc/passwd',
    '/..%2f..%2fetc/passwd',
    '/assets/..%2f..%2fpackage.json',
  ];
  const traversalAnswers = await Promise.all(
    traversal.map(async (p) => {
      const res = await fetch(`${store.base}${p}`);
      const text = await res.text();
      return { p, status: res.status, leaked: text.includes('root:') || text.includes('"devDependencies"') };
    }),
  );
  check(
    'no path traversal',
    traversalAnswers.every((a) => !a.leaked && a.status < 500),
    traversalAnswers,
  );

  // The rate limits key on the hop the proxy appended, not the one the client wrote.
  const forgedHop = () => `${(Math.random() * 250) | 0}.${(Math.random() * 250) | 0}.1.1, 203.0.113.7`;
  let findPassed = 0;
  for (let i = 0; i < 40; i += 1) {
    const res = await call('/api/v1/order/find-order', {
      method: 'POST',
      from: forgedHop(),
      json: { tk: 'demo-app-token', filter_type: 'mobile', txt_search: '0812345678' },
    });
    if (res.status !== 429) findPassed += 1;
  }
  let signPassed = 0;
  for (let i = 0; i < 30; i += 1) {
    const res = await call('/api/v2/facesearch/sign', {
      method: 'POST',
      from: forgedHop().replace('203.0.113.7', '203.0.113.8'),
      json: { event_key: STAGE, file_name: 'me.jpg', file_type: 'image/jpeg', consent: TEST_CONSENT },
    });
    if (res.status !== 429) signPassed += 1;
  }
  check('a forged first X-Forwarded-For hop does not pass the limiter', findPassed < 40 && signPassed < 30, {
    find_order_passed_of_40: findPassed,
    sign_passed_of_30: signPassed,
  });

  // Keep-alive after an answer given before the body was read: the next request on the socket must work.
  const raw = (requestText: string, body: Buffer) =>
    new Promise<string>((resolve) => {
      const url = new URL(store.base);
      const socket = net.connect(Number(url.port), url.hostname);
      let seen = '';
      socket.on('data', (d) => {
        seen += d.toString('latin1');
      });
      socket.on('error', () => resolve(seen));
      socket.on('close', () => resolve(seen));
      socket.write(requestText);
      socket.write(body, () => undefined);
      setTimeout(() => socket.destroy(), 3000);
    });
  const big = Buffer.alloc(2 * 1024 * 1024, 0x20);
  const early = await raw(
    `POST /api/v1/order/create HTTP/1.1\r\nHost: x\r\ncontent-type: application/json\r\ncontent-length: ${big.length}\r\n\r\n`,
    Buffer.concat([big, Buffer.from('GET /app-settings.json HTTP/1.1\r\nHost: x\r\n\r\n')]),
  );
  // The rest of the body is read and dropped, so the answer reaches a client still sending and the
  // connection carries the next request.
  const statuses = [...early.matchAll(/HTTP\/1\.1 (\d+)/g)].map((m) => m[1]);
  check('an early answer reaches the client and the connection goes on', statuses.join() === '413,200', {
    statuses,
  });

  // A signed upload address takes one upload.
  const signed = (await (
    await call('/api/v2/facesearch/sign', {
      method: 'POST',
      json: { event_key: STAGE, file_name: 'me.jpg', file_type: 'image/jpeg', consent: TEST_CONSENT },
    })
  ).json()) as { url: string };
  const jpeg = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#888' } })
    .jpeg()
    .toBuffer();
  const put = () =>
    fetch(new URL(signed.url, store.base), {
      method: 'PUT',
      headers: { 'content-type': 'image/jpg' },
      body: jpeg,
    });
  const puts = [(await put()).status, (await put()).status];
  check('a signed upload address takes one upload', puts[0] === 200 && puts[1] === 409, { statuses: puts });

  // The app's headers and its source maps.
  const home = await fetch(`${store.base}/`);
  const html = await home.text();
  const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1] ?? '/assets/index.js';
  const maps = [
    (await fetch(`${store.base}${script}.map`)).status,
    (await fetch(`${store.base}/sw.js.map`)).status,
  ];
  const inquiry = await call('/api/v3/order/inquiry', {
    method: 'POST',
    json: { tk: 'demo-app-token', order_uuid: firstUuid },
  });
  check(
    'CSP, Permissions-Policy, no source maps, no-store on private answers',
    Boolean(home.headers.get('content-security-policy')?.includes("script-src 'self'")) &&
      Boolean(home.headers.get('permissions-policy')) &&
      maps.every((s) => s === 404) &&
      inquiry.headers.get('cache-control') === 'no-store',
    {
      csp: home.headers.get('content-security-policy'),
      permissions_policy: Boolean(home.headers.get('permissions-policy')),
      source_maps: maps,
      inquiry_cache_control: inquiry.headers.get('cache-control'),
    },
  );

  // The public preview: at most 1200 px on its long side.
  const photo = photos[0];
  const preview = await fetch(`${store.base}/storage/${STAGE}/preview/${photo?.preview_file_name}`);
  const meta = await sharp(Buffer.from(await preview.arrayBuffer())).metadata();
  check('previews at most 1200 px', preview.ok && Math.max(meta.width ?? 0, meta.height ?? 0) <= 1200, {
    status: preview.status,
    width: meta.width,
    height: meta.height,
  });

  // 400 concurrent creations: each accepted order exists once.
  const mobileOf = (i: number) => `08${String(10000000 + i).slice(-8)}`;
  const burst = await Promise.all(
    Array.from({ length: 400 }, async (_, i) => {
      const res = await create(order({ mobile: mobileOf(i) }));
      return { status: res.status, uuid: res.ok ? ((await res.json()) as { uuid: string }).uuid : undefined };
    }),
  );
  const accepted = burst.filter((b) => b.uuid).map((b) => b.uuid as string);
  const found = await Promise.all(accepted.map(orderExists));
  check(
    '400 concurrent creations: none lost or doubled',
    accepted.length === 400 && new Set(accepted).size === 400 && found.every(Boolean),
    {
      accepted: accepted.length,
      distinct: new Set(accepted).size,
      found: found.filter(Boolean).length,
      statuses: [...new Set(burst.map((b) => b.status))],
    },
  );

  // The hostile-input checks of attack-hostile-input.ts, on this store; the selfie burst on one with face workers.
  await hostileInputChecks({ store, call, check, order, env });
  // The race-day features' (attack-race-day.ts), on this store and on stores of their own.
  await raceDayChecks({ store, env, call, check, dir });
  await selfieBurstCheck(check, { ...env, DATA_DIR: path.join(dir, 'data-faces') }, STAGE);

  // kill -9 in the middle of 200 creations (once 20 have been answered), then restart on the same data: every
  // order answered before the kill is there, and no buyer has two orders.
  const answered: string[] = [];
  const inFlight = Array.from({ length: 200 }, async (_, i) => {
    const res = await create(order({ mobile: mobileOf(1000 + i) })).catch(() => undefined);
    const uuid = res?.ok ? ((await res.json().catch(() => ({}))) as { uuid?: string }).uuid : undefined;
    if (uuid) answered.push(uuid);
  });
  while (answered.length < 20) await new Promise((r) => setTimeout(r, 5));
  const killed = store.process;
  killed.kill('SIGKILL');
  await Promise.all(inFlight);
  if (killed.exitCode === null && killed.signalCode === null)
    await new Promise((r) => killed.once('exit', r));
  store = await started();
  const survived = await Promise.all(answered.map(orderExists));
  const perBuyer = await Promise.all(
    Array.from({ length: 200 }, async (_, i) => {
      const res = await call('/api/v1/order/find-order', {
        method: 'POST',
        json: { tk: 'demo-app-token', filter_type: 'mobile', txt_search: mobileOf(1000 + i) },
      });
      return ((await res.json()) as { body?: unknown[] }).body?.length ?? -1;
    }),
  );
  check(
    'kill -9: every order answered before the kill is there after, none doubled',
    survived.every(Boolean) && perBuyer.every((n) => n === 0 || n === 1),
    {
      answered_before_kill: answered.length,
      found_after_restart: survived.filter(Boolean).length,
      stored_in_all: perBuyer.filter((n) => n === 1).length,
      buyers_with_two: perBuyer.filter((n) => n > 1).length,
    },
  );
} finally {
  await store.stop();
  await fs.rm(dir, { recursive: true, force: true });
}
console.log(JSON.stringify({ checks: results, requests, failures }));
if (failures.length) process.exitCode = 1;
