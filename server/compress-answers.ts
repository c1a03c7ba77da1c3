// JSON answers compressed in one step. hono's compress() pipes every answer through a CompressionStream, which costs
// the main thread about 2.5 ms an answer in a rush; a search's answer (25 KB of JSON, made in memory anyway) takes
// 0.3 ms with zlib at once. Answers of other kinds (the shell, assets, streamed files) are left to compress().
import { deflateSync, gzipSync } from 'node:zlib';
import type { Context, MiddlewareHandler } from 'hono';

/** Smaller answers are sent as they are (as compress() does): the header would cost more than it saves. */
export const COMPRESS_MIN_BYTES = 1024;
/** Larger JSON answers are left to the stream, so that one answer never holds the thread for long. */
export const COMPRESS_AT_ONCE_MAX_BYTES = 1024 * 1024;

const ENCODINGS = ['gzip', 'deflate'] as const;
type Encoding = (typeof ENCODINGS)[number];

/**
 * The encoding the client accepts, gzip first, as compress() chooses it: an explicit q=1 wins at once, else the
 * highest q above 0; `*` stands for what is not named. Undefined: send it as it is.
 */
export function chooseEncoding(header: string | undefined): Encoding | undefined {
  if (!header) return undefined;
  const accepted = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.split(';').map((s) => s.trim());
    if (!name) continue;
    const q = params.find((p) => /^q=/i.test(p));
    const value = q === undefined ? 1 : Number(q.slice(2));
    accepted.set(name.toLowerCase(), Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0);
  }
  let best: { encoding: Encoding; q: number } | undefined;
  for (const encoding of ENCODINGS) {
    const q = accepted.get(encoding) ?? accepted.get('*') ?? 0;
    if (q === 1) return encoding;
    if (q > 0 && (!best || q > best.q)) best = { encoding, q };
  }
  return best?.encoding;
}

const isJson = (type: string | null) => type !== null && /^application\/(?:[\w.+-]+\+)?json\b/i.test(type);
const noTransform = (cacheControl: string | null) =>
  cacheControl !== null && /(?:^|,)\s*no-transform\s*(?:,|$)/i.test(cacheControl);

function addVary(c: Context): void {
  const current = c.res.headers.get('Vary');
  if (current === '*' || (current && /(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(current))) return;
  c.res.headers.set('Vary', current ? `${current}, Accept-Encoding` : 'Accept-Encoding');
}

/** Compresses JSON answers in one step; register it after (inside) compress(), which then leaves them alone. */
export const compressJsonAnswers: MiddlewareHandler = async (c, next) => {
  await next();
  const res = c.res;
  if (
    c.req.method === 'HEAD' ||
    res.status === 206 ||
    !res.body ||
    !isJson(res.headers.get('Content-Type')) ||
    res.headers.has('Content-Encoding') ||
    res.headers.has('Transfer-Encoding') ||
    noTransform(res.headers.get('Cache-Control'))
  )
    return;
  const declared = Number(res.headers.get('Content-Length') ?? Number.NaN);
  if (declared > COMPRESS_AT_ONCE_MAX_BYTES) return;
  const body = new Uint8Array(await res.arrayBuffer());
  const encoding =
    body.byteLength >= COMPRESS_MIN_BYTES && body.byteLength <= COMPRESS_AT_ONCE_MAX_BYTES
      ? chooseEncoding(c.req.header('Accept-Encoding'))
      : undefined;
  const sent = encoding === 'gzip' ? gzipSync(body) : encoding === 'deflate' ? deflateSync(body) : body;
  // Hono copies the old answer's headers onto the new one: they are changed after.
  c.res = new Response(sent, res);
  const headers = c.res.headers;
  headers.set('Content-Length', String(sent.byteLength));
  if (body.byteLength >= COMPRESS_MIN_BYTES) addVary(c);
  if (!encoding) return;
  headers.set('Content-Encoding', encoding);
  const etag = headers.get('ETag');
  if (etag && !etag.startsWith('W/')) headers.set('ETag', `W/${etag}`);
};
