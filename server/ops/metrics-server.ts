// Where a scraper reads the metrics (issue 38): GET /metrics on the store's port with METRICS_TOKEN as a bearer token,
// or every path of its own METRICS_PORT (a port the outside cannot reach; no token asked). Without either, the
// metrics are not served. With several API processes the primary serves METRICS_PORT with theirs added up.
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

/** Serves the metrics on their own port; resolves with the server once it listens. */
export function serveMetricsPort(
  port: number,
  host: string,
  source: MetricsSource = metricsText,
): Promise<http.Server> {
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
      log.info(`metrics on port ${(server.address() as AddressInfo).port}`);
      resolve(server);
    });
  });
}
