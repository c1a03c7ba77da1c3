// The store's HTTP server over real sockets: an answer given before the body was read (413) reaches a
// client that is still sending, and the connection goes on; what cannot be waited for is closed.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from './db/test-databases';
import { serveHttp, UNREAD_BODY_MOST_BYTES } from './http-server';
import { orderFixture } from './test/order-fixtures';

const [database] = testDatabases;

describe.runIf(database)('the HTTP server and bodies it did not read', () => {
  const f = orderFixture(database as NonNullable<typeof database>);
  let base = '';
  let server: ReturnType<typeof serveHttp>;
  beforeAll(async () => {
    server = serveHttp({ fetch: f.t.app.fetch, hostname: '127.0.0.1', port: 0 });
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    const address = server.address() as net.AddressInfo;
    base = `http://127.0.0.1:${address.port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  /** A POST or PUT over its own connection, answered or failed (the client's error code). */
  const send = async (path: string, init: RequestInit): Promise<number | string> => {
    try {
      const res = await fetch(base + path, init);
      const body = (await res.json()) as { status?: string };
      return body.status === 'error' ? res.status : `${res.status} without the error shape`;
    } catch (error) {
      return String((error as { cause?: { code?: string } }).cause?.code ?? error);
    }
  };

  it('answers 413 to bodies too large, and the client reads it while sending', async () => {
    const tenMegabytes = new Uint8Array(10 * 1024 * 1024).fill(32);
    const json = { 'content-type': 'application/json' };
    for (let i = 0; i < 3; i++) {
      expect(
        await send('/api/v1/events/pagination', { method: 'POST', body: tenMegabytes, headers: json }),
      ).toBe(413);
      expect(await send('/api/v1/logs/', { method: 'POST', body: tenMegabytes, headers: json })).toBe(413);
      const form = new FormData();
      form.set('event_key', 'paid');
      form.set('file', new Blob([new Uint8Array(7 * 1024 * 1024)], { type: 'image/jpeg' }), 'me.jpg');
      expect(await send('/api/v1/facesearch', { method: 'POST', body: form })).toBe(413);
    }
  });

  it('answers 413 to a 16 MB selfie upload, declared or streamed', async () => {
    const sign = () => f.signSelfieUpload('paid');
    const sixteen = new Uint8Array(16 * 1024 * 1024);
    const headers = { 'content-type': 'image/jpg' };
    expect(await send(await sign(), { method: 'PUT', body: sixteen, headers })).toBe(413);
    let chunks = 0;
    const streamed = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (chunks++ >= 16) controller.close();
        else controller.enqueue(new Uint8Array(1024 * 1024));
      },
    });
    expect(
      await send(await sign(), { method: 'PUT', body: streamed, headers, duplex: 'half' } as RequestInit),
    ).toBe(413);
  });

  /** Raw HTTP/1.1 on one socket: what came back when the server closed it or `ms` passed. */
  const raw = (writes: (socket: net.Socket) => void, ms: number) =>
    new Promise<{ text: string; closed: boolean }>((resolve) => {
      const socket = net.connect(Number(new URL(base).port), '127.0.0.1');
      let text = '';
      let closed = false;
      socket.on('data', (d) => {
        text += d.toString('latin1');
      });
      socket.on('error', () => undefined);
      socket.on('close', () => {
        closed = true;
      });
      writes(socket);
      setTimeout(() => {
        socket.destroy();
        resolve({ text, closed });
      }, ms);
    });

  it('lets a slow client (a phone) finish sending after the 413, then answers its next request', async () => {
    // 8 MB at about 4 MB/s: the answer comes at once, the body keeps coming for two seconds.
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    const chunks = 128;
    let failed: string | undefined;
    const { text } = await raw((socket) => {
      socket.on('error', (error: NodeJS.ErrnoException) => {
        failed = error.code;
      });
      socket.write(
        `POST /api/v1/logs/ HTTP/1.1\r\nHost: x\r\ncontent-type: application/json\r\ncontent-length: ${chunk.length * chunks}\r\n\r\n`,
      );
      let sent = 0;
      const timer = setInterval(() => {
        if (socket.destroyed) return clearInterval(timer);
        socket.write(chunk);
        if (++sent === chunks) {
          clearInterval(timer);
          socket.write('GET /app-settings.json HTTP/1.1\r\nHost: x\r\n\r\n');
        }
      }, 15);
    }, 4500);
    expect(failed).toBeUndefined();
    expect([...text.matchAll(/HTTP\/1\.1 (\d+)/g)].map((m) => m[1])).toEqual(['413', '200']);
  });

  it('keeps the connection after an early answer: the next request on it is answered', async () => {
    const body = Buffer.alloc(2 * 1024 * 1024, 0x20);
    const { text } = await raw((socket) => {
      socket.write(
        `POST /api/v3/order/create HTTP/1.1\r\nHost: x\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\n\r\n`,
      );
      socket.write(body);
      socket.write('GET /app-settings.json HTTP/1.1\r\nHost: x\r\n\r\n');
    }, 3000);
    const statuses = [...text.matchAll(/HTTP\/1\.1 (\d+)/g)].map((m) => m[1]);
    expect(statuses).toEqual(['413', '200']);
  });

  it('closes at once when the declared body is beyond what it would read', async () => {
    const { text, closed } = await raw((socket) => {
      socket.write(
        `POST /api/v1/logs/ HTTP/1.1\r\nHost: x\r\ncontent-type: application/json\r\ncontent-length: ${UNREAD_BODY_MOST_BYTES + 1}\r\n\r\n`,
      );
      socket.write(Buffer.alloc(64 * 1024, 0x20));
    }, 1500);
    expect(text).toMatch(/^HTTP\/1\.1 413/);
    expect(closed).toBe(true);
  });
});

describe('the HTTP server when a handler gave up on a body', () => {
  it('answers, and goes on serving, when the body was cancelled under a client still connected', async () => {
    const { Hono } = await import('hono');
    const app = new Hono();
    app.post('/give-up', async (c) => {
      const reader = c.req.raw.body?.getReader();
      await reader?.read();
      await reader?.cancel();
      return c.json({ status: 'error', message: 'stalled' }, 408);
    });
    app.get('/ok', (c) => c.text('ok'));
    const server = serveHttp({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 });
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    const { port } = server.address() as net.AddressInfo;
    try {
      const answer = await new Promise<string>((resolve) => {
        const socket = net.connect(port, '127.0.0.1');
        let seen = '';
        socket.on('data', (d) => {
          seen += d.toString('latin1');
        });
        socket.on('error', () => undefined);
        socket.on('close', () => resolve(seen));
        socket.write(`POST /give-up HTTP/1.1\r\nHost: x\r\ncontent-length: ${1024 * 1024}\r\n\r\n`);
        socket.write(Buffer.alloc(64 * 1024, 0x61));
        setTimeout(() => socket.destroy(), 1500);
      });
      expect(answer).toMatch(/^HTTP\/1\.1 408/);
      expect(await (await fetch(`http://127.0.0.1:${port}/ok`)).text()).toBe('ok');
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
