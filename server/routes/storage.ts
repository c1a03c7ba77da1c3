// The disk object store over HTTP: public objects are plain files; private ones (keys under private/) need a
// signed GET; uploads (the selfie PUT of SPEC §7) need a signed PUT bound to key, content type and expiry.
import fs from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import type { ErrorAnswer } from '../../core/contract/common';
import type { DiskStore } from '../storage/disk-store';

/** Largest upload the signed PUT takes (the selfie; the client compresses to about 500 KB). */
export const MAX_UPLOAD_BYTES = 15 * 1024 * 1024;

const PRIVATE_PREFIX = 'private/';

export function storageRoutes(store: DiskStore) {
  const keyOf = (requestPath: string) => decodeURIComponent(requestPath.replace(/^\/storage\//, ''));
  const refuse = (message: string) => ({ status: 'error', message }) satisfies ErrorAnswer;

  return new Hono()
    .put('/*', async (c) => {
      const key = keyOf(c.req.path);
      const contentType = c.req.header('content-type') ?? '';
      const expires = Number(c.req.query('expires'));
      const verdict = store.checkSignature({ method: 'PUT', key, expires, contentType }, c.req.query('sig'));
      if (verdict !== 'valid') return c.json(refuse(`upload address is ${verdict}`), 403);
      const declared = Number(c.req.header('content-length') ?? 0);
      if (declared > MAX_UPLOAD_BYTES) return c.json(refuse('file is too large'), 413);
      const body = new Uint8Array(await c.req.arrayBuffer());
      if (body.length > MAX_UPLOAD_BYTES) return c.json(refuse('file is too large'), 413);
      if (body.length === 0) return c.json(refuse('file is empty'), 400);
      await store.put(key, body, contentType);
      return c.body(null, 200);
    })
    .get('/*', async (c, next) => {
      const key = keyOf(c.req.path);
      // Headers set before serveStatic builds its response (its onFound runs too late to add any).
      if (!key.startsWith(PRIVATE_PREFIX)) {
        c.header('Cache-Control', 'public, max-age=86400');
        return next();
      }
      const verdict = store.checkSignature(
        { method: 'GET', key, expires: Number(c.req.query('expires')) },
        c.req.query('sig'),
      );
      if (verdict !== 'valid') return c.json(refuse(`download address is ${verdict}`), 403);
      const file = path.join(store.root, ...key.split('/'));
      if (!fs.existsSync(file)) return c.text('not found', 404);
      c.header('Cache-Control', 'private, max-age=300');
      return next();
    })
    .use(
      '/*',
      serveStatic({
        root: store.root,
        rewriteRequestPath: (p) => p.replace(/^\/storage/, ''),
        onFound: (p, c) => {
          if (!p.includes(`${path.sep}private${path.sep}`))
            c.header('Cache-Control', 'public, max-age=86400');
        },
      }),
    )
    .get('/*', (c) => c.text('not found', 404));
}
