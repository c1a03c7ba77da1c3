// The disk object store over HTTP: public objects are plain files; private ones (keys under private/) need a
// signed GET; uploads (the selfie PUT of SPEC §7, a photographer's photo) need a signed PUT bound to key, content
// type and expiry. A photographer's photo is also bound to its exact size (a body of another length is refused,
// nothing kept) and to the link it was signed for, asked again as the PUT arrives and before the file is kept.

import fs from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { type Context, Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ErrorAnswer, ErrorCode } from '../../core/contract/common';
import { PHOTO_UPLOAD_MAX_BYTES } from '../../core/contract/uploads';
import { readAtMost } from '../request-body';
import type { Outcome } from '../services/outcome';
import { DISK_FULL_ANSWER, isDiskFull } from '../storage/disk-full';
import type { DiskStore } from '../storage/disk-store';
import { cacheControlOf } from '../storage/object-store';
import { parseExpires, parseSize } from '../storage/url-signing';

/** Largest upload the signed PUT takes (the selfie; the client compresses to about 500 KB). */
export const MAX_UPLOAD_BYTES = 15 * 1024 * 1024;
/** A photographer's photo may be larger, under its own prefix; its address binds its size and link. */
const PHOTO_UPLOAD_PREFIX = 'private/uploads/';
const largestUpload = (key: string) =>
  key.startsWith(PHOTO_UPLOAD_PREFIX) ? PHOTO_UPLOAD_MAX_BYTES : MAX_UPLOAD_BYTES;

const PRIVATE_PREFIX = 'private/';

/**
 * Whether a PUT to an address signed with a grant (a photographer's link) may still be taken: asked as the PUT
 * arrives and again before its file is kept (services/live-uploads.ts checkUploadGrant).
 */
export type UploadGrantCheck = (key: string, grant: string) => Promise<Outcome<true>>;

/** The storage routes' refusals, in English and Thai. */
const REFUSALS = {
  invalid: ['upload address is invalid', 'ที่อยู่สำหรับอัปโหลดไม่ถูกต้อง กรุณาเริ่มอัปโหลดใหม่'],
  expired: ['upload address is expired', 'ที่อยู่สำหรับอัปโหลดหมดเวลาแล้ว กรุณาเริ่มอัปโหลดใหม่'],
  used: ['upload address was already used', 'ที่อยู่สำหรับอัปโหลดนี้ถูกใช้ไปแล้ว'],
  tooLarge: ['file is too large', 'ไฟล์ใหญ่เกินไป'],
  empty: ['file is empty', 'ไฟล์ว่างเปล่า'],
  larger: [
    'the file is larger than the size this upload address was signed for: send the file it was signed for',
    'ไฟล์ใหญ่กว่าขนาดที่ขออัปโหลดไว้ กรุณาส่งไฟล์เดิมที่ขออัปโหลด',
  ],
  smaller: [
    'the file is smaller than the size this upload address was signed for: send the whole file it was signed for',
    'ไฟล์เล็กกว่าขนาดที่ขออัปโหลดไว้ กรุณาส่งไฟล์เดิมให้ครบทั้งไฟล์',
  ],
  unchecked: [
    'this upload address cannot be checked by this store: ask for a new one',
    'ร้านตรวจสอบที่อยู่สำหรับอัปโหลดนี้ไม่ได้ กรุณาขอใหม่',
  ],
} as const;
type RefusalName = keyof typeof REFUSALS;
const CODES: Partial<Record<RefusalName, ErrorCode>> = { larger: 'size-mismatch', smaller: 'size-mismatch' };

const refusal = (name: RefusalName) => {
  const [message, th] = REFUSALS[name];
  const code = CODES[name];
  return { status: 'error', message, message_th: th, ...(code ? { code } : {}) } satisfies ErrorAnswer;
};

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
 * The disk store's routes. `onUploaded` hears of each upload taken whole in memory (the selfie: an address that
 * binds no size), with its key and bytes, after it is stored; it must not throw and is not waited for. An address
 * signed with a grant is refused unless `checkGrant` is given and says the grant still holds.
 */
export function storageRoutes(
  store: DiskStore,
  onUploaded?: (key: string, body: Uint8Array) => void,
  checkGrant?: UploadGrantCheck,
) {
  const used = usedUploads();
  /** The object key an address names, or undefined when its percent-encoding is broken (no object has it). */
  const keyOf = (requestPath: string): string | undefined => {
    try {
      return decodeURIComponent(requestPath.replace(/^\/storage\//, ''));
    } catch {
      return undefined;
    }
  };
  const refuse = (c: Context, name: RefusalName, status: ContentfulStatusCode) =>
    c.json(refusal(name), status);
  /** The grant's answer as a response when it no longer holds. */
  const grantRefused = async (c: Context, key: string, grant: string | undefined) => {
    if (grant === undefined) return undefined;
    if (!checkGrant) return refuse(c, 'unchecked', 403);
    const holds = await checkGrant(key, grant);
    return holds.ok ? undefined : c.json(holds.body, holds.httpStatus);
  };

  /** A sized upload, streamed to a temporary file and kept only when whole, of its size, and its grant holds. */
  const takeSized = async (c: Context, key: string, size: number, grant: string | undefined) => {
    const staged = await store.stageNew(key, c.req.raw.body, size);
    if (staged === 'too large') return refuse(c, 'larger', 413);
    if (staged === 'too short') return refuse(c, 'smaller', 400);
    const refused = await grantRefused(c, key, grant).catch(async (error: unknown) => {
      await staged.discard();
      throw error;
    });
    if (refused) {
      await staged.discard();
      return refused;
    }
    return (await staged.commit()) ? 'stored' : refuse(c, 'used', 409);
  };

  return new Hono()
    .put('/*', async (c) => {
      const key = keyOf(c.req.path);
      if (key === undefined) return refuse(c, 'invalid', 403);
      const contentType = c.req.header('content-type') ?? '';
      const expires = parseExpires(c.req.query('expires'));
      const size = parseSize(c.req.query('size'));
      const grant = c.req.query('grant');
      const verdict = store.checkSignature(
        {
          method: 'PUT',
          key,
          expires,
          contentType,
          ...(size !== undefined ? { size } : {}),
          ...(grant !== undefined ? { grant } : {}),
        },
        c.req.query('sig'),
      );
      if (verdict !== 'valid') return refuse(c, verdict, 403);
      // A photographer's photo is always signed for its size and its link.
      if (key.startsWith(PHOTO_UPLOAD_PREFIX) && (size === undefined || grant === undefined))
        return refuse(c, 'invalid', 403);
      if (used.has(key)) return refuse(c, 'used', 409);
      if (size === 0) return refuse(c, 'empty', 400);
      const declaredText = c.req.header('content-length');
      const declared = declaredText === undefined ? undefined : Number(declaredText);
      const most = size ?? largestUpload(key);
      if (most > largestUpload(key)) return refuse(c, 'tooLarge', 413);
      // The length the client says, before a byte is read: another than signed is refused at once.
      if (declared !== undefined && declared > most)
        return refuse(c, size === undefined ? 'tooLarge' : 'larger', 413);
      if (size !== undefined && declared !== undefined && declared < size) return refuse(c, 'smaller', 400);
      const grantNow = await grantRefused(c, key, grant);
      if (grantNow) return grantNow;
      try {
        if (size !== undefined) {
          const taken = await takeSized(c, key, size, grant);
          if (taken !== 'stored') return taken;
          used.remember(key, expires);
          return c.body(null, 200);
        }
        const body = await readAtMost(c.req.raw, most);
        if (body === 'too large') return refuse(c, 'tooLarge', 413);
        if (body.length === 0) return refuse(c, 'empty', 400);
        if (!(await store.putNew(key, body))) return refuse(c, 'used', 409);
        used.remember(key, expires);
        onUploaded?.(key, body);
        return c.body(null, 200);
      } catch (error) {
        if (isDiskFull(error)) return c.json(DISK_FULL_ANSWER, 507);
        throw error;
      }
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
      if (verdict !== 'valid')
        return c.json(
          { status: 'error', message: `download address is ${verdict}` } satisfies ErrorAnswer,
          403,
        );
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
