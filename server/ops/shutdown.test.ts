// The stop's drain (ops/shutdown.ts) on a real listener: once the stop begins, connections are still taken and every
// request answered, each closing its connection, for DRAIN_SECONDS; then the listener closes. DRAIN_SECONDS=0 closes
// it at once. (graceful-stop.test.ts sees the same on the store's own process, amid orders, under a stream of
// requests.)
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Hono } from 'hono';
import { afterEach, describe, expect, it } from 'vitest';
import { serveHttp } from '../http-server';
import { Lifecycle } from './lifecycle';
import { stopGracefully } from './shutdown';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The app's lifecycle answering GET / on a loopback port. */
async function listening() {
  const lifecycle = new Lifecycle();
  const app = new Hono();
  app.use(lifecycle.middleware());
  app.get('/', (c) => c.text('ok'));
  let server: http.Server | undefined;
  const info = await new Promise<AddressInfo>((resolve) => {
    server = serveHttp({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, resolve);
  });
  return { lifecycle, server: server as http.Server, port: info.port };
}

/** GET / with `agent` (false: a connection of its own): status, Connection header, reused socket; or the error. */
function get(port: number, agent: http.Agent | false) {
  return new Promise<{ status?: number; connection?: string; reused?: boolean; error?: string }>(
    (resolve) => {
      const request = http.get({ host: '127.0.0.1', port, path: '/', agent }, (response) => {
        response.resume();
        response.on('end', () =>
          resolve({
            status: response.statusCode,
            connection: response.headers.connection,
            reused: request.reusedSocket,
          }),
        );
      });
      request.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
    },
  );
}

describe('the stop’s drain', () => {
  const opened: http.Server[] = [];
  afterEach(() => {
    for (const server of opened.splice(0)) server.close();
  });

  it('answers what arrives for the drain, each answer closing its connection, then closes the listener', async () => {
    const { lifecycle, server, port } = await listening();
    opened.push(server);
    const kept = new http.Agent({ keepAlive: true, maxSockets: 1 });
    expect(await get(port, kept)).toMatchObject({ status: 200, connection: 'keep-alive', reused: false });
    let closedWith: boolean | undefined;
    const started = Date.now();
    const stopped = stopGracefully(
      {
        lifecycle,
        servers: [server],
        drainMs: 800,
        close: async (abandon) => {
          closedWith = abandon;
        },
      },
      10_000,
    );
    expect(lifecycle.stopping).toBe(true);
    await sleep(300);
    // The connection kept alive from before: sent on again, answered, and closed after.
    expect(await get(port, kept)).toMatchObject({ status: 200, connection: 'close', reused: true });
    // A new connection during the drain.
    expect(await get(port, false)).toMatchObject({ status: 200, connection: 'close' });
    expect(await stopped).toBe(true);
    expect(Date.now() - started).toBeGreaterThanOrEqual(800);
    expect(closedWith).toBe(false);
    expect((await get(port, false)).error).toBe('ECONNREFUSED');
    kept.destroy();
  });

  it('closes the listener at once with no drain (DRAIN_SECONDS=0)', async () => {
    const { lifecycle, server, port } = await listening();
    opened.push(server);
    const stopped = stopGracefully(
      { lifecycle, servers: [server], drainMs: 0, close: async () => {} },
      10_000,
    );
    expect((await get(port, false)).error).toBe('ECONNREFUSED');
    expect(await stopped).toBe(true);
  });

  it('keeps the drain within the bound, before the time kept for closing', async () => {
    const { lifecycle, server, port } = await listening();
    opened.push(server);
    const started = Date.now();
    // A bound of 3.6 s leaves 0.6 s before the 3 s kept for closing: the drain of 10 s is cut to that.
    expect(
      await stopGracefully({ lifecycle, servers: [server], drainMs: 10_000, close: async () => {} }, 3600),
    ).toBe(true);
    expect(Date.now() - started).toBeLessThan(2000);
    expect((await get(port, false)).error).toBe('ECONNREFUSED');
  });

  it('meets a job that fails during the drain at its end, not as an unhandled rejection', async () => {
    const { lifecycle, server } = await listening();
    opened.push(server);
    const stopped = stopGracefully(
      {
        lifecycle,
        servers: [server],
        drainMs: 300,
        jobs: [() => Promise.reject(new Error('the job loop failed'))],
        close: async () => {},
      },
      10_000,
    );
    await expect(stopped).rejects.toThrow('the job loop failed');
  });
});
