// The disk object store over HTTP: public objects are plain files; private ones (keys under private/) need a
// signed GET; uploads (the selfie PUT of SPEC §7) need a signed PUT bound to key, content type and expiry.

import fs from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import type { ErrorAnswer } from '../../core/contract/common';
import { PHOTO_UPLOAD_MAX_BYTES } from '../../core/contract/uploads';
import { readAtMost } from '../request-body';
import { DISK_FULL_ANSWER, isDiskFull } from '../storage/disk-full';
import type { DiskStore } from '../storage/disk-store';
import { cacheControlOf } from '../storage/object-store';
import { parseExpires } from '../storage/url-signing';

/** Largest upload the signed PUT takes (the selfie; the client compresses to about 500 KB). */
export const MAX_UPLOAD_BYTES = 15 * 1024 * 1024;
/** A photographer's photo (issue 37) may be larger, under its own prefix. */
const PHOTO_UPLOAD_PREFIX = 'private/uploads/';
const largestUpload = (key: string) =>
  key.startsWith(PHOTO_UPLOAD_PREFIX) ? PHOTO_UPLOAD_MAX_BYTES : MAX_UPLOAD_BYTES;

const PRIVATE_PREFIX = 'private/';

/**
 * Upload addresses already used, kept until they expire: a signed PUT address takes one upload, even after its
 * object is deleted (the selfie is, once searched). Across processes the store's own create-if-absent holds.
 */
function usedUploads() {
  const keys = new Map<string, number>();
  return {
    has(key: string): boolean {
      const until = keys.get(key);
      return until !== undefined && until * 1000 >= Date.now();
    },
    remember(key: string, expires: number): void {
      const now = Date.now();
      for (const [k, until] of keys) if (until * 1000 < now) keys.delete(k);
      keys.set(key, expires);
    },
  };
}

/**
 * The disk store's routes. `onUploaded` hears of each upload stored (its key and bytes), after it is stored; it
 * must not throw and is not waited for.
 */
export function storageRoutes(store: DiskStore, onUploaded?: (key: string, body: Uint8Array) => void) {
  const used = usedUploads();
  /** The object key an address names, or undefined when its percent-encoding is broken (no object has it). */
  const keyOf = (requestPath: string): string | undefined => {
    try {
      return decodeURIComponent(requestPath.replace(/^\/storage\//, ''));
    } catch {
      return undefined;
    }
  };
  const refuse = (message: string) => ({ status: 'error', message }) satisfies ErrorAnswer;

  return new Hono()
    .put('/*', async (c) => {
      const key = keyOf(c.req.path);
      if (key === undefined) return c.json(refuse('upload address is invalid'), 403);
      const contentType = c.req.header('content-type') ?? '';
      const expires = parseExpires(c.req.query('expires'));
      const verdict = store.checkSignature({ method: 'PUT', key, expires, contentType }, c.req.query('sig'));
      if (verdict !== 'valid') return c.json(refuse(`upload address is ${verdict}`), 403);
      if (used.has(key)) return c.json(refuse('upload address was already used'), 409);
      const declared = Number(c.req.header('content-length') ?? 0);
      const most = largestUpload(key);
      if (declared > most) return c.json(refuse('file is too large'), 413);
      const body = await readAtMost(c.req.raw, most);
      if (body === 'too large') return c.json(refuse('file is too large'), 413);
      if (body.length === 0) return c.json(refuse('file is empty'), 400);
      const stored = await store.putNew(key, body).catch((error: unknown) => {
        if (isDiskFull(error)) return 'disk full' as const;
        throw error;
      });
      if (stored === 'disk full') return c.json(DISK_FULL_ANSWER, 507);
      if (!stored) return c.json(refuse('upload address was already used'), 409);
      used.remember(key, expires);
      onUploaded?.(key, body);
      return c.body(null, 200);
    })
    .get('/*', async (c, next) => {
      const key = keyOf(c.req.path);
      if (key === undefined) return c.text('not found', 404);
      // Headers set before serveStatic builds its response (its onFound runs too late to add any).
      if (!key.startsWith(PRIVATE_PREFIX)) {
        c.header('Cache-Control', cacheControlOf(key));
        return next();
      }
      const verdict = store.checkSignature(
        { method: 'GET', key, expires: parseExpires(c.req.query('expires')) },
        c.req.query('sig'),
      );
      if (verdict !== 'valid') return c.json(refuse(`download address is ${verdict}`), 403);
      const file = path.join(store.root, ...key.split('/'));
      if (!fs.existsSync(file)) return c.text('not found', 404);
      c.header('Cache-Control', cacheControlOf(key));
      return next();
    })
    .use(
      '/*',
      serveStatic({
        root: store.root,
        rewriteRequestPath: (p) => p.replace(/^\/storage/, ''),
      }),
    )
    .get('/*', (c) => c.text('not found', 404));
}
