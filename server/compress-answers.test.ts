import { gunzipSync, inflateSync } from 'node:zlib';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { describe, expect, it } from 'vitest';
import {
  COMPRESS_AT_ONCE_MAX_BYTES,
  COMPRESS_MIN_BYTES,
  chooseEncoding,
  compressJsonAnswers,
} from './compress-answers';

/** A JSON answer of about `bytes` bytes. */
const answerOf = (bytes: number) => ({ images: 'photo '.repeat(Math.ceil(bytes / 6)) });

function testApp() {
  const app = new Hono();
  app.use(compress());
  app.use(compressJsonAnswers);
  app.get('/json/:bytes', (c) => c.json(answerOf(Number(c.req.param('bytes')))));
  app.get('/refused', (c) => {
    c.header('Set-Cookie', 'a=1');
    c.header('Set-Cookie', 'b=2', { append: true });
    return c.json({ ...answerOf(4000), code: 'bad' }, 400);
  });
  app.get('/tagged', (c) => {
    c.header('ETag', '"v1"');
    return c.json(answerOf(4000));
  });
  app.get('/no-transform', (c) => {
    c.header('Cache-Control', 'private, no-transform');
    return c.json(answerOf(4000));
  });
  app.get('/declared', (c) => {
    const text = JSON.stringify(answerOf(4000));
    return c.body(text, 200, { 'Content-Type': 'application/json', 'Content-Length': String(text.length) });
  });
  app.get('/problem', (c) =>
    c.body(JSON.stringify(answerOf(4000)), 200, { 'Content-Type': 'application/problem+json' }),
  );
  app.get('/html', (c) => c.html(`<p>${'runner '.repeat(2000)}</p>`));
  return app;
}

const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
  testApp().request(path, { method, headers });

describe('chooseEncoding', () => {
  it('takes gzip first, deflate when gzip is not accepted, and nothing otherwise', () => {
    expect(chooseEncoding('gzip, deflate, br')).toBe('gzip');
    expect(chooseEncoding('deflate, gzip')).toBe('gzip');
    expect(chooseEncoding('deflate')).toBe('deflate');
    expect(chooseEncoding('GZIP')).toBe('gzip');
    expect(chooseEncoding('br')).toBeUndefined();
    expect(chooseEncoding('identity')).toBeUndefined();
    expect(chooseEncoding('')).toBeUndefined();
    expect(chooseEncoding(undefined)).toBeUndefined();
  });

  it('weighs q values: a refused encoding is never chosen, the higher q wins', () => {
    expect(chooseEncoding('gzip;q=0, deflate')).toBe('deflate');
    expect(chooseEncoding('gzip;q=0.2, deflate;q=0.8')).toBe('deflate');
    expect(chooseEncoding('gzip;q=0, deflate;q=0')).toBeUndefined();
    expect(chooseEncoding('*')).toBe('gzip');
    expect(chooseEncoding('*;q=0.5, gzip;q=0')).toBe('deflate');
    expect(chooseEncoding('gzip;q=nonsense')).toBeUndefined();
  });
});

describe('JSON answers compressed in one step', () => {
  it('gzips a JSON answer with its length, Vary, and the same bytes once unzipped', async () => {
    const res = await get('/json/20000', { 'Accept-Encoding': 'gzip, deflate' });
    expect(res.headers.get('Content-Encoding')).toBe('gzip');
    expect(res.headers.get('Vary')).toBe('Accept-Encoding');
    const sent = new Uint8Array(await res.arrayBuffer());
    expect(Number(res.headers.get('Content-Length'))).toBe(sent.byteLength);
    expect(sent.byteLength).toBeLessThan(2000);
    expect(JSON.parse(gunzipSync(sent).toString('utf8'))).toEqual(answerOf(20000));
  });

  it('deflates for a client that takes only deflate', async () => {
    const res = await get('/json/5000', { 'Accept-Encoding': 'deflate' });
    expect(res.headers.get('Content-Encoding')).toBe('deflate');
    const sent = Buffer.from(await res.arrayBuffer());
    expect(JSON.parse(inflateSync(sent).toString('utf8'))).toEqual(answerOf(5000));
  });

  it('sends the answer as it is to a client that takes no compression, still varying by it', async () => {
    const res = await get('/json/5000');
    expect(res.headers.get('Content-Encoding')).toBeNull();
    expect(res.headers.get('Vary')).toBe('Accept-Encoding');
    const text = await res.text();
    expect(Number(res.headers.get('Content-Length'))).toBe(Buffer.byteLength(text));
    expect(JSON.parse(text)).toEqual(answerOf(5000));
  });

  it('leaves small answers, HEAD and no-transform answers uncompressed', async () => {
    const small = await get(`/json/${COMPRESS_MIN_BYTES / 4}`, { 'Accept-Encoding': 'gzip' });
    expect(small.headers.get('Content-Encoding')).toBeNull();
    expect(small.headers.get('Vary')).toBeNull();
    expect(await small.json()).toEqual(answerOf(COMPRESS_MIN_BYTES / 4));

    const head = await get('/json/5000', { 'Accept-Encoding': 'gzip' }, 'HEAD');
    expect(head.headers.get('Content-Encoding')).toBeNull();

    const kept = await get('/no-transform', { 'Accept-Encoding': 'gzip' });
    expect(kept.headers.get('Content-Encoding')).toBeNull();
    expect(await kept.json()).toEqual(answerOf(4000));
  });

  it('keeps the status and every Set-Cookie of a refusal, and weakens an ETag', async () => {
    const refused = await get('/refused', { 'Accept-Encoding': 'gzip' });
    expect(refused.status).toBe(400);
    expect(refused.headers.get('Content-Encoding')).toBe('gzip');
    expect(refused.headers.getSetCookie()).toEqual(['a=1', 'b=2']);
    expect(JSON.parse(gunzipSync(Buffer.from(await refused.arrayBuffer())).toString('utf8')).code).toBe(
      'bad',
    );

    const tagged = await get('/tagged', { 'Accept-Encoding': 'gzip' });
    expect(tagged.headers.get('ETag')).toBe('W/"v1"');
  });

  it('replaces a declared length with the compressed one, and takes +json types', async () => {
    for (const path of ['/declared', '/problem']) {
      const res = await get(path, { 'Accept-Encoding': 'gzip' });
      expect(res.headers.get('Content-Encoding')).toBe('gzip');
      const sent = Buffer.from(await res.arrayBuffer());
      expect(Number(res.headers.get('Content-Length'))).toBe(sent.byteLength);
      expect(JSON.parse(gunzipSync(sent).toString('utf8'))).toEqual(answerOf(4000));
    }
  });

  it('leaves other answers and very large JSON to the stream, which still compresses them', async () => {
    const html = await get('/html', { 'Accept-Encoding': 'gzip' });
    expect(html.headers.get('Content-Encoding')).toBe('gzip');
    expect(html.headers.get('Content-Length')).toBeNull();
    expect(gunzipSync(Buffer.from(await html.arrayBuffer())).toString('utf8')).toContain('runner runner');

    const large = await get(`/json/${COMPRESS_AT_ONCE_MAX_BYTES + 1000}`, { 'Accept-Encoding': 'gzip' });
    expect(large.headers.get('Content-Encoding')).toBe('gzip');
    expect(large.headers.get('Content-Length')).toBeNull();
    const text = gunzipSync(Buffer.from(await large.arrayBuffer())).toString('utf8');
    expect(JSON.parse(text)).toEqual(answerOf(COMPRESS_AT_ONCE_MAX_BYTES + 1000));
  });
});
