// The race-day attack checks of the store's own address and its stop (bench:attack): a made-up Host
// (evil.example) sent for robots.txt, the sitemap and an event's page is never written into them (the sitemap's
// <loc>s, robots' Sitemap line, the page's canonical, og:url and og:image); the metrics port, which asks no token,
// listens on loopback only although the store listens on every address; and a SIGTERM under a stream of requests
// (new connections and kept-alive ones) answers every request sent during the drain: no reset, no refused
// connection. The last two run on a store of their own, stopped by the check.
import net from 'node:net';
import path from 'node:path';
import { failedBetween, getWithHost, streamRequests } from '../server/test/request-stream';
import type { RaceDayKit } from './attack-race-day-kit';
import { freePort, startStore, waitFor } from './bench-kit';

const STAGE = 'phuket-beach-run-2026';
const EVIL = 'evil.example';
/** The default drain. */
const DRAIN_SECONDS = 5;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether a TCP connection to host:port is taken, or the error (ECONNREFUSED: nothing listens there). */
const connects = (host: string, port: number) =>
  new Promise<string>((resolve) => {
    const socket = net.connect(port, host);
    socket.setTimeout(5000, () => {
      socket.destroy();
      resolve('timeout');
    });
    socket.once('connect', () => {
      socket.destroy();
      resolve('taken');
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });

/** The addresses robots.txt, the sitemap and the event's page write, asked with `host` as Host. */
async function writtenAddresses(base: string, host: string) {
  const robots = await getWithHost(base, '/robots.txt', host);
  const sitemap = await getWithHost(base, '/sitemap.xml', host);
  const page = await getWithHost(base, `/${STAGE}`, host);
  const head = page.text.slice(0, page.text.indexOf('</head>'));
  const meta = (key: string) =>
    new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(head)?.[1];
  const locs = [...sitemap.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1] ?? '');
  return {
    statuses: [robots.status, sitemap.status, page.status],
    sitemapLine: /^Sitemap: (.+)$/m.exec(robots.text)?.[1],
    locs: locs.length,
    locsWith: (text: string) => locs.filter((loc) => loc.includes(text)).length,
    firstLoc: locs[0],
    canonical: /<link rel="canonical" href="([^"]+)">/.exec(head)?.[1],
    ogUrl: meta('og:url'),
    ogImage: meta('og:image'),
    anywhere: (text: string) => [robots.text, sitemap.text, page.text].some((t) => t.includes(text)),
  };
}

export async function addressAndStopChecks(kit: RaceDayKit): Promise<void> {
  const { check } = kit;

  // 10. Host header poisoning: the sitemap, robots.txt and the page's head carry the store's own address.
  const evil = await writtenAddresses(kit.store.base, EVIL);
  check(
    `Host: ${EVIL} is written into no public answer (sitemap <loc>s, robots.txt, canonical, og:url, og:image)`,
    evil.statuses.every((s) => s === 200) &&
      evil.locs > 0 &&
      evil.locsWith(EVIL) === 0 &&
      !evil.anywhere(EVIL),
    {
      statuses: evil.statuses,
      sitemapLocs: evil.locs,
      sitemapLocsWithEvil: evil.locsWith(EVIL),
      firstLoc: evil.firstLoc,
      sitemapLine: evil.sitemapLine,
      canonical: evil.canonical,
      ogUrl: evil.ogUrl,
      ogImage: evil.ogImage,
    },
  );
  const port = new URL(kit.store.base).port;
  const allowed = await writtenAddresses(kit.store.base, `localhost:${port}`);
  const own = `http://localhost:${port}`;
  check(
    'an allowed host (ALLOWED_HOSTS: localhost) is written as asked',
    allowed.locsWith(`${own}/`) === allowed.locs &&
      allowed.canonical === `${own}/${STAGE}` &&
      allowed.sitemapLine === `${own}/sitemap.xml`,
    { sitemapLocs: allowed.locs, sitemapLine: allowed.sitemapLine, canonical: allowed.canonical },
  );

  // 9 and 11 on a store of their own: on every address (HOST=0.0.0.0), with METRICS_PORT and the default drain.
  const metricsPort = await freePort();
  const store = await startStore({
    ...kit.env,
    DATA_DIR: path.join(kit.dir, 'address-and-stop'),
    HOST: '0.0.0.0',
    METRICS_PORT: String(metricsPort),
    DRAIN_SECONDS: String(DRAIN_SECONDS),
  });
  try {
    const base = store.base;
    await waitFor(
      'the store of the stop',
      async () => ((await fetch(`${base}/api/v1/events/${STAGE}`)).ok ? true : undefined),
      120_000,
    );
    const storePort = Number(new URL(base).port);
    // 127.0.0.2 is another address of this machine (all of 127/8 is loopback on Linux).
    const reach = {
      storeOn127002: await connects('127.0.0.2', storePort),
      metricsOn127001: await connects('127.0.0.1', metricsPort),
      metricsOn127002: await connects('127.0.0.2', metricsPort),
    };
    check(
      'METRICS_PORT (no token) listens on 127.0.0.1 only, though HOST=0.0.0.0',
      reach.storeOn127002 === 'taken' &&
        reach.metricsOn127001 === 'taken' &&
        reach.metricsOn127002 === 'ECONNREFUSED',
      reach,
    );

    // 11. SIGTERM amid a load balancer's traffic: every request of the drain answered.
    const drainMs = DRAIN_SECONDS * 1000;
    const stream = streamRequests(base, {
      newEveryMs: 25,
      keptClients: 4,
      keptPauseMs: 10,
      request: (i) =>
        i % 3 === 0
          ? {
              method: 'POST',
              path: '/api/v1/events/pagination-count',
              body: JSON.stringify({ event_status: 'ON_SALE' }),
            }
          : { method: 'GET', path: i % 3 === 1 ? '/healthz' : `/api/v1/events/${STAGE}` },
    });
    await sleep(500);
    const streamFrom = Date.now() - 500;
    const stoppedAt = Date.now();
    const exited = new Promise<number | null>((resolve) =>
      store.process.once('exit', (code) => resolve(code)),
    );
    store.process.kill('SIGTERM');
    await sleep(300);
    const drainEnd = stoppedAt + drainMs - 1000;
    const readyz: (number | string)[] = [];
    while (Date.now() < drainEnd) {
      readyz.push(
        await fetch(`${base}/readyz`).then(
          (res) => res.status,
          (error: Error) => String(error.cause ?? error),
        ),
      );
      await sleep(250);
    }
    const streamed = await stream.stop();
    const code = await Promise.race([exited, sleep(30_000).then(() => 'still running')]);
    const stopMs = Date.now() - stoppedAt;
    const during = streamed.filter((r) => r.at >= stoppedAt && r.at < drainEnd);
    const failed = failedBetween(streamed, streamFrom, drainEnd);
    const count = (error: string) => failed.filter((r) => r.error === error).length;
    check(
      'SIGTERM under a stream of requests: /readyz 503 at once, every request of the drain answered (0 resets, 0 refused), exit 0',
      failed.length === 0 && during.length > 50 && readyz.every((s) => s === 503) && code === 0,
      {
        sentDuringDrain: during.length,
        newConnections: during.filter((r) => r.kind === 'new').length,
        keptAlive: during.filter((r) => r.kind === 'kept').length,
        answeredWithConnectionClose: during.filter((r) => r.closes).length,
        resets: count('ECONNRESET') + count('socket hang up'),
        refused: count('ECONNREFUSED'),
        otherFailures: failed.length - count('ECONNRESET') - count('socket hang up') - count('ECONNREFUSED'),
        readyz: [...new Set(readyz)],
        stopMs,
        exitCode: code,
      },
    );
  } finally {
    await store.stop();
  }
}
