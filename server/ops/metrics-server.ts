// Where a scraper reads the metrics: GET /metrics on the store's port with METRICS_TOKEN as a bearer token,
// or every path of its own METRICS_PORT, which asks no token and so listens on METRICS_HOST (127.0.0.1 unless the
// operator names another address), never on the store's HOST: only this machine reaches it by default. Without
// either, the metrics are not served. With several API processes the primary serves METRICS_PORT with theirs added
// up; `npm run worker` serves its own.
import { timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Hono } from 'hono';
import client from 'prom-client';
import { log } from './log';
import { metricsText, registry } from './metrics';

const sameSecret = (given: string, expected: string): boolean => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/** GET /metrics behind the token: 401 without it (the answer says nothing else). */
export function metricsRoutes(token: string): Hono {
  const routes = new Hono();
  routes.get('/metrics', async (c) => {
    const given = c.req.header('authorization')?.replace(/^Bearer\s+/i, '') ?? '';
    if (!sameSecret(given, token)) {
      c.header('WWW-Authenticate', 'Bearer realm="metrics"');
      return c.json({ status: 'error', message: 'the metrics need their token' }, 401);
    }
    c.header('Cache-Control', 'no-store');
    return c.body(await metricsText(), 200, { 'Content-Type': registry.contentType });
  });
  return routes;
}

/** This process's metrics, or (the primary of several API processes) all of theirs added up. */
export type MetricsSource = () => Promise<string>;

/** The primary's source: each API process's metrics, added up (prom-client's cluster aggregation over IPC). */
export function clusterMetricsSource(): MetricsSource {
  const aggregator = new client.AggregatorRegistry();
  return () => aggregator.clusterMetrics();
}

/** Serves the metrics on METRICS_PORT at METRICS_HOST; resolves with the server once it listens. */
export function serveMetricsPort(
  settings: { metricsPort: number; metricsHost: string },
  source: MetricsSource = metricsText,
): Promise<http.Server> {
  const { metricsPort: port, metricsHost: host } = settings;
  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET' }).end();
      return;
    }
    source().then(
      (text) => {
        res.writeHead(200, { 'Content-Type': registry.contentType, 'Cache-Control': 'no-store' });
        res.end(req.method === 'HEAD' ? undefined : text);
      },
      (error: unknown) => {
        log.error('metrics: could not be collected', { err: error });
        res.writeHead(500, { 'Content-Type': 'text/plain' }).end('metrics could not be collected\n');
      },
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      const where = server.address() as AddressInfo;
      log.info(`metrics on ${where.address} port ${where.port} (METRICS_HOST, METRICS_PORT)`, {
        host: where.address,
        port: where.port,
      });
      resolve(server);
    });
  });
}
