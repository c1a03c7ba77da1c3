// The race-day attack checks of runners' alerts (bench:attack): push endpoints that point inside
// (loopback, metadata, any https host), confirmation e-mails in bulk (case-changed addresses, empty ones, a flood
// from one connection with forged X-Forwarded-For), and a paid order's notice while a thousand confirmations wait.
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { findByKey } from '../server/db/events-repo';
import { openClientDatabase } from '../server/db/open-for-role';
import { insertAlert } from '../server/db/photo-alerts-repo';
import { enqueue } from '../server/jobs/queue';
import { TEST_CONSENT } from '../server/test/consent';
import { demoSelfieJpeg } from '../tests/demo-selfie';
import type { RaceDayKit } from './attack-race-day-kit';
import { startStore, waitFor } from './bench-kit';

const STAGE = 'phuket-beach-run-2026';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const SUBSCRIPTION_KEYS = {
  p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
  auth: 'tBHItJI5svbpez7KI4CCXg',
};

/** Push endpoints that point inside are refused with the store's words, and nothing ever connects to them. */
export async function pushEndpointChecks(kit: RaceDayKit): Promise<void> {
  let connections = 0;
  const listener = net.createServer((socket) => {
    connections += 1;
    socket.destroy();
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  const port = (listener.address() as AddressInfo).port;
  const endpoints = [
    `http://127.0.0.1:${port}/push`,
    `https://127.0.0.1:${port}/push`,
    `http://localhost:${port}/push`,
    `https://localhost:${port}/push`,
    'http://169.254.169.254/latest/meta-data/',
    'https://evil.example/push',
    'https://fcm.googleapis.com.evil.example/fcm/send/x',
    'https://[::1]/push',
  ];
  const answers: { endpoint: string; status: number; code: unknown }[] = [];
  const selfie = await demoSelfieJpeg();
  for (const endpoint of endpoints) {
    const from = `198.51.100.${answers.length + 1}`;
    const signed = (await (
      await kit.call('/api/v2/facesearch/sign', {
        method: 'POST',
        from,
        json: { event_key: STAGE, file_name: 'me.jpg', file_type: 'image/jpeg', consent: TEST_CONSENT },
      })
    ).json()) as { url: string; search_id: string; file_location: string };
    await fetch(`${kit.store.base}${signed.url}`, {
      method: 'PUT',
      headers: { 'content-type': 'image/jpg' },
      body: new Uint8Array(selfie),
    });
    const res = await kit.call('/api/v1/alerts', {
      method: 'POST',
      from,
      json: {
        event_key: STAGE,
        search_id: signed.search_id,
        file_location: signed.file_location,
        consent: TEST_CONSENT,
        language: 'en',
        push: { endpoint, keys: SUBSCRIPTION_KEYS },
      },
    });
    answers.push({ endpoint, status: res.status, code: ((await res.json()) as { code?: unknown }).code });
  }
  await sleep(2000);
  listener.close();
  kit.check(
    'push endpoints inside (loopback, metadata) or outside the known push services refused, never contacted',
    answers.every((a) => a.status === 400 && a.code === 'push-endpoint-refused') && connections === 0,
    { before: 'any https:// and http://127.0.0.1|localhost accepted; 307s followed', answers, connections },
  );
}

/** A local mail server that counts what it is given, each mail taking `delayMs`. */
async function mailServer(delayMs: () => number) {
  const received: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      stream.on('data', () => {});
      stream.on('end', () => {
        setTimeout(() => {
          received.push(...session.envelope.rcptTo.map((r) => r.address));
          callback();
        }, delayMs());
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Confirmation e-mails cannot be turned into a flood, and a paid order's notice does not wait behind them: a store of
 * its own with a mail server, behind a proxy at 10.9.9.9 (so this machine's connections are clients, their
 * X-Forwarded-For their own word).
 */
export async function mailChecks(kit: RaceDayKit): Promise<void> {
  let mailDelay = 0;
  const mail = await mailServer(() => mailDelay);
  const dataDir = path.join(kit.dir, 'data-mail');
  const store = await startStore({
    DATA_DIR: dataDir,
    DIST_DIR: kit.env.DIST_DIR ?? 'dist',
    FACE_WORKERS: '0',
    PAYMENT_GATEWAY: 'sandbox',
    SMTP_URL: mail.url,
    TRUST_PROXY: '1',
    TRUSTED_PROXIES: '10.9.9.9',
  });
  const post = (url: string, body: unknown, forwardedFor = `203.0.113.${Math.floor(Math.random() * 250)}`) =>
    fetch(`${store.base}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
      body: JSON.stringify(body),
    });
  try {
    await waitFor(
      'the mail store',
      async () => ((await fetch(`${store.base}/api/v1/events/${STAGE}`)).ok ? true : undefined),
      120_000,
    );
    const selfie = await demoSelfieJpeg();
    // A selfie sent for a search or an alert.
    const upload = async () => {
      const signed = (await (
        await post('/api/v2/facesearch/sign', {
          event_key: STAGE,
          file_name: 'me.jpg',
          file_type: 'image/jpeg',
          consent: TEST_CONSENT,
        })
      ).json()) as { url?: string; search_id?: string; file_location?: string };
      if (!signed.url) return undefined;
      await fetch(`${store.base}${signed.url}`, {
        method: 'PUT',
        headers: { 'content-type': 'image/jpg' },
        body: new Uint8Array(selfie),
      });
      return {
        search_id: signed.search_id as string,
        file_location: signed.file_location as string,
        consent: TEST_CONSENT,
      };
    };
    const emailAlert = async (email: string) => {
      const sent = await upload();
      if (!sent) return 429;
      return (await post('/api/v1/alerts', { event_key: STAGE, ...sent, language: 'en', email })).status;
    };

    // Before any search from this connection: refused.
    const unsearched = await emailAlert('victim@example.com');
    const searched = await upload();
    const search = searched
      ? (await post('/api/v2/facesearch', { ...searched, event_key: STAGE })).status
      : 'sign refused';
    kit.check(
      'an e-mail alert is refused unless its asker searched the event first',
      unsearched === 400 && search === 200,
      { before: 'any caller could ask for a confirmation e-mail', without_search: unsearched, search },
    );
    const empty = [await emailAlert(''), await emailAlert('   ')];
    const cased = [];
    for (const email of [
      'victim@example.com',
      'Victim@example.com',
      'VICTIM@EXAMPLE.COM',
      ' victim@Example.com',
    ])
      cased.push(await emailAlert(email));
    const flood = [];
    for (let i = 0; i < 40; i++) flood.push(await emailAlert(`someone${i}@example.com`));
    await sleep(5000);
    const toVictim = mail.received.filter((to) => to === 'victim@example.com').length;
    kit.check(
      'confirmation e-mails: empty addresses refused, one address (any letter case) at most 3 a day',
      empty.every((s) => s === 400) && toVictim <= 3,
      {
        before: '"" and " " accepted; 6 more to a "capped" inbox by changing case',
        empty,
        cased,
        to_victim: toVictim,
      },
    );
    const accepted = flood.filter((s) => s === 200).length;
    kit.check(
      'a flood of alerts to 40 addresses from one connection with forged X-Forwarded-For is capped',
      accepted <= 10,
      { before: '40 of 40 accepted, 300 mails queued in 4.8 s', accepted, statuses: [...new Set(flood)] },
    );

    // A paid order's notice, idle and then with 1,000 confirmations queued before it at a relay's pace.
    const event = (
      (await (await fetch(`${store.base}/api/v1/events/${STAGE}`)).json()) as { body: { event_id: number } }
    ).body;
    const photos = (
      (await (
        await post('/api/v1/imagestage/pagination', {
          event_id: event.event_id,
          event_key: STAGE,
          page: 1,
          page_size: 2,
        })
      ).json()) as { body: { id: number }[] }
    ).body;
    const noticeMs = async (buyer: string) => {
      const created = (await (
        await post('/api/v1/order/create', {
          mobile: '0812345678',
          email: buyer,
          event_key: STAGE,
          amount: '126.00',
          imageList: photos.map((p) => ({ id: p.id })),
          payment_channel: 'PP',
        })
      ).json()) as { uuid: string };
      const paidAt = Date.now();
      await fetch(`${store.base}/api/sandbox/pay/${created.uuid}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'action=pay',
      });
      while (!mail.received.includes(buyer) && Date.now() - paidAt < 120_000) await sleep(50);
      return Date.now() - paidAt;
    };
    const idle = await noticeMs('buyer.idle@example.com');
    const queued = await queueConfirmations(dataDir, 1000);
    mailDelay = 20;
    const busy = await noticeMs('buyer.busy@example.com');
    const confirmationsSent = mail.received.filter((to) => to.startsWith('queued')).length;
    kit.check(
      "a paid order's notice is not delayed by 1,000 confirmation e-mails queued before it",
      busy < idle + 5000 && confirmationsSent < queued,
      {
        before: '0.2 s idle → 4.9 s behind 300 confirmations',
        idle_ms: idle,
        with_queue_ms: busy,
        queued,
        confirmations_sent_meanwhile: confirmationsSent,
      },
    );
  } finally {
    await store.stop();
    await mail.close();
  }
}

/** Alerts awaiting their confirmation e-mail, queued straight into the running store's database (its socket). */
async function queueConfirmations(dataDir: string, count: number): Promise<number> {
  const database = await openClientDatabase({ dataDir, databaseUrl: undefined }, 'admin');
  try {
    const event = await findByKey(database.db, STAGE);
    if (!event) throw new Error(`no ${STAGE}`);
    await database.db.transaction().execute(async (trx) => {
      for (let i = 0; i < count; i++) {
        const id = await insertAlert(trx, {
          event_id: event.event_id,
          token: randomBytes(24).toString('base64url'),
          descriptor: null,
          bib: null,
          language: 'en',
          channel: 'email',
          push_endpoint: null,
          push_p256dh: null,
          push_auth: null,
          email: `queued${i}@example.com`,
          confirm_sha256: randomBytes(32).toString('hex'),
          after_photo_id: 0,
        });
        await enqueue(trx, 'send-alert-confirmation', {
          alert_id: id,
          secret: randomBytes(24).toString('base64url'),
        });
      }
    });
    return count;
  } finally {
    await database.close();
  }
}

/**
 * A named runner cannot be followed: the name search gives a bib (attack-race-day-names.ts made the event with its
 * start list), and an alert of that bib alone, without the asker's own selfie, is refused.
 */
export async function bibAlertChecks(kit: RaceDayKit): Promise<void> {
  const event = 'attack-names-2026';
  const found = await kit.call('/api/v1/bibsearch/runners', {
    method: 'POST',
    json: { event_key: event, name: 'Anna R' },
  });
  const runners = ((await found.json()) as { body?: { bib: string }[] }).body ?? [];
  const bib = runners[0]?.bib ?? '1001';
  const asks = [];
  for (const channel of [
    { push: { endpoint: 'https://fcm.googleapis.com/fcm/send/x', keys: SUBSCRIPTION_KEYS } },
    { email: 'follower@example.com' },
  ]) {
    const res = await kit.call('/api/v1/alerts', {
      method: 'POST',
      json: { event_key: event, bib, language: 'en', ...channel },
    });
    asks.push({ status: res.status, code: ((await res.json()) as { code?: unknown }).code });
  }
  kit.check(
    'a bib alert without the asker’s own selfie is refused (a named runner cannot be followed)',
    asks.every((a) => a.status === 400 && (a.code === 'bib-needs-selfie' || a.code === 'no-email')) &&
      asks.some((a) => a.code === 'bib-needs-selfie'),
    { before: 'name → bib → live push or e-mail of every new photo of that runner', bib, asks },
  );
}
