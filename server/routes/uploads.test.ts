// Integration: a photographer's uploads through their secret link, on a real database and the disk store
// behind /storage: what the link is for, a file signed by its SHA-256, PUT, done, imported by the job through the one
// import path, each content once; links that expired or were revoked; what is refused.
import sharp from 'sharp';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PHOTO_UPLOAD_MULTIPART_FROM,
  PHOTO_UPLOAD_PART_BYTES,
  uploadLinkAnswerSchema,
  uploadSignAnswerSchema,
} from '../../core/contract/uploads';
import type { Db } from '../db/database';
import { insertEvent } from '../db/events-repo';
import { insertLink, revokeLink } from '../db/photographer-links-repo';
import { testDatabases } from '../db/test-databases';
import { importUpload, newLinkSecret, secretHash, uploadKeyOf } from '../services/live-uploads';
import { contentHash } from '../services/photo-import';
import { S3Store } from '../storage/s3-store';
import { openTestApp, type TestApp } from '../test/app-fixture';
import { BROWSER_CORS, S3RVER_KEYS, startS3rver } from '../test/s3rver';

const NOW = new Date('2026-11-22T05:00:00Z');
const HOUR = 3_600_000;

describe.each(testDatabases)('photographers’ uploads on $name', (database) => {
  let t: TestApp;
  let db: Db;
  let eventId = 0;
  let secret = '';
  let photo: Buffer;

  const link = async (photographerId: number, expiresAt: Date) => {
    const made = newLinkSecret();
    const id = await insertLink(db, { eventId, photographerId, secretSha256: secretHash(made), expiresAt });
    return { secret: made, id };
  };
  const call = async (path: string, body?: unknown) => {
    const res =
      body === undefined
        ? await t.app.request(`/api/v1/uploads/${path}`)
        : await t.post(`/api/v1/uploads/${path}`, body);
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  const signFor = (bytes: Uint8Array, name = 'IMG_0001.JPG') => ({
    file_name: name,
    file_type: 'image/jpeg',
    size: bytes.length,
    sha256: contentHash(bytes),
  });
  /** The import jobs queued, run as the job runner would. */
  const runImports = async () => {
    const jobs = await db
      .selectFrom('jobs')
      .select(['id', 'payload'])
      .where('kind', '=', 'import-upload')
      .execute();
    await db.deleteFrom('jobs').where('kind', '=', 'import-upload').execute();
    const results = [];
    for (const job of jobs)
      results.push(await importUpload({ db, store: t.store, now: () => NOW }, job.payload as never));
    return results;
  };

  beforeAll(async () => {
    t = await openTestApp(database, NOW);
    db = t.ctx.db;
    eventId = await insertEvent(db, {
      event: {
        event_key: 'live-run',
        title: 'Live run',
        cover_object: 'c.jpg',
        event_date_text: '22',
        eventdate: '2026-11-22',
        province: 'x',
        team_key: null,
        on_sale_start: NOW,
        on_sale_end: new Date(NOW.getTime() + 30 * 24 * HOUR),
      },
    });
    ({ secret } = await link(4, new Date(NOW.getTime() + 3 * 24 * HOUR)));
    photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#3a6' } })
      .jpeg()
      .toBuffer();
  });
  afterAll(() => t.close());

  it('says what the link is for', async () => {
    const { status, body } = await call(secret);
    expect(status).toBe(200);
    expect(v.is(uploadLinkAnswerSchema, body)).toBe(true);
    expect(body.body).toEqual({
      event_key: 'live-run',
      title: 'Live run',
      photographer_id: 4,
      expires_at: '2026-11-25T05:00:00.000Z',
      max_bytes: 60 * 1024 * 1024,
    });
  });

  it('takes a photo signed, PUT and done, imports it by the job as the photographer’s, and each content once', async () => {
    const signed = await call(`${secret}/sign`, signFor(photo));
    expect(signed.status).toBe(200);
    expect(v.is(uploadSignAnswerSchema, signed.body)).toBe(true);
    const url = signed.body.url as string;
    expect(url).toContain(`/storage/${uploadKeyOf('live-run', contentHash(photo))}`);
    // Before the file arrives, done is refused.
    expect(
      await call(`${secret}/done`, { file_name: 'IMG_0001.JPG', sha256: contentHash(photo) }),
    ).toMatchObject({
      status: 400,
      body: { code: 'not-uploaded', message_th: 'ยังไม่ได้รับไฟล์นี้ กรุณาอัปโหลดอีกครั้ง' },
    });
    const put = await t.app.request(url, {
      method: 'PUT',
      headers: { 'content-type': 'image/jpeg' },
      body: photo,
    });
    expect(put.status).toBe(200);
    expect(await call(`${secret}/done`, { file_name: 'IMG_0001.JPG', sha256: contentHash(photo) })).toEqual({
      status: 200,
      body: { status: 'success', state: 'queued' },
    });
    const [imported] = await runImports();
    expect(imported).toMatchObject({ photo_id: expect.any(Number) });
    const row = await db
      .selectFrom('photos')
      .select(['original_file_name', 'photographer_id', 'index_state'])
      .where('event_id', '=', eventId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ original_file_name: 'IMG_0001.JPG', photographer_id: 4, index_state: 'pending' });
    // The upload itself is gone; indexing is queued.
    expect(await t.store.exists(uploadKeyOf('live-run', contentHash(photo)))).toBe(false);
    // The same photo again (another name, another photographer): nothing to send, nothing imported.
    const { secret: other } = await link(5, new Date(NOW.getTime() + HOUR));
    const again = await call(`${other}/sign`, signFor(photo, 'copy.jpg'));
    expect(again.body).toEqual({
      status: 'success',
      duplicate_of: (imported as { photo_id: number }).photo_id,
    });
    expect((await call(`${other}/done`, { file_name: 'copy.jpg', sha256: contentHash(photo) })).body).toEqual(
      {
        status: 'success',
        state: 'duplicate',
      },
    );
    expect(await runImports()).toEqual([]);
  });

  it('the same content sent twice before its import ran is queued once, the second told the event has it', async () => {
    const twice = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#2a6' } })
      .jpeg()
      .toBuffer();
    const sha256 = contentHash(twice);
    const { url } = (await call(`${secret}/sign`, signFor(twice, 'A.JPG'))).body as { url: string };
    const put = (body: Buffer) =>
      t.app.request(url, {
        method: 'PUT',
        headers: { 'content-type': 'image/jpeg', 'if-none-match': '*' },
        body,
      });
    expect((await put(twice)).status).toBe(200);
    expect((await call(`${secret}/done`, { file_name: 'A.JPG', sha256 })).body).toEqual({
      status: 'success',
      state: 'queued',
    });
    // Another copy before the import: its PUT finds the file there; done says the event has it.
    expect((await call(`${secret}/sign`, signFor(twice, 'A copy.JPG'))).body).toMatchObject({ url });
    expect((await put(twice)).status).toBe(409);
    expect((await call(`${secret}/done`, { file_name: 'A copy.JPG', sha256 })).body).toEqual({
      status: 'success',
      state: 'duplicate',
    });
    const imports = await runImports();
    expect(imports).toHaveLength(1);
    expect(imports[0]).toMatchObject({ photo_id: expect.any(Number) });
  });

  it('on S3, a large photo goes in parts: each signed, PUT, named with its ETag when done, joined', async () => {
    const s3 = await startS3rver('photos', BROWSER_CORS);
    const disk = t.ctx.store;
    t.ctx.store = new S3Store({
      endpoint: s3.endpoint,
      bucket: 'photos',
      ...S3RVER_KEYS,
      region: 'us-east-1',
    });
    try {
      const big = new Uint8Array(PHOTO_UPLOAD_MULTIPART_FROM + 1000).map((_, i) => (i * 7) % 256);
      const sha256 = contentHash(big);
      const signed = await call(`${secret}/sign`, signFor(big, 'BIG.JPG'));
      const { multipart } = v.parse(uploadSignAnswerSchema, signed.body) as {
        multipart: { upload_id: string; part_size: number; urls: string[] };
      };
      expect(multipart.part_size).toBe(PHOTO_UPLOAD_PART_BYTES);
      expect(multipart.urls).toHaveLength(3);
      // Each part's address binds its length: the bucket refuses a part of another length.
      const longer = await fetch(multipart.urls[2] as string, {
        method: 'PUT',
        body: big.subarray(0, PHOTO_UPLOAD_PART_BYTES),
      });
      expect(longer.status).toBe(403);
      const etags: string[] = [];
      for (const [i, url] of multipart.urls.entries()) {
        const part = big.subarray(i * multipart.part_size, (i + 1) * multipart.part_size);
        const put = await fetch(url, { method: 'PUT', body: part });
        expect(put.status).toBe(200);
        etags.push(put.headers.get('etag') as string);
      }
      // A part named wrong: refused, and nothing is queued.
      const wrong = await call(`${secret}/done`, {
        file_name: 'BIG.JPG',
        sha256,
        multipart: { upload_id: multipart.upload_id, size: big.length, parts: [{ part: 1, etag: etags[0] }] },
      });
      expect(wrong).toMatchObject({ status: 400, body: { code: 'parts-incomplete' } });
      // Signed again (a part to send once more): the same upload's parts.
      const again = await call(`${secret}/sign`, {
        ...signFor(big, 'BIG.JPG'),
        upload_id: multipart.upload_id,
      });
      expect((again.body as { multipart: { upload_id: string } }).multipart.upload_id).toBe(
        multipart.upload_id,
      );
      const done = await call(`${secret}/done`, {
        file_name: 'BIG.JPG',
        sha256,
        multipart: {
          upload_id: multipart.upload_id,
          size: big.length,
          parts: etags.map((etag, i) => ({ part: i + 1, etag })),
        },
      });
      expect(done).toEqual({ status: 200, body: { status: 'success', state: 'queued' } });
      const stored = await t.ctx.store.get(uploadKeyOf('live-run', sha256));
      expect(contentHash(stored as Uint8Array)).toBe(sha256);
      await db.deleteFrom('jobs').where('kind', '=', 'import-upload').execute();
      // A file sent whole binds its length too: signed as 1 byte, a larger file is refused by the bucket.
      const small = new Uint8Array(5000).map((_, i) => (i * 13) % 256);
      const lie = await call(`${secret}/sign`, { ...signFor(small, 'LIE.JPG'), size: 1 });
      const put = await fetch(lie.body.url as string, {
        method: 'PUT',
        headers: { 'content-type': 'image/jpeg', 'if-none-match': '*' },
        body: small,
      });
      expect(put.status).toBe(403);
      expect(await t.ctx.store.exists(uploadKeyOf('live-run', contentHash(small)))).toBe(false);
    } finally {
      t.ctx.store = disk;
      await s3.close();
    }
  });

  it('refuses the file that is not the one signed for, what is too large, and what is not a photo', async () => {
    const real = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#c33' } })
      .jpeg()
      .toBuffer();
    const claimed = contentHash(real);
    // Other bytes (of the size signed) under the address signed for the photo's content: the job refuses them, and
    // nothing is kept.
    const signed = await call(`${secret}/sign`, signFor(real, 'R.JPG'));
    const other = Buffer.from(real);
    other[other.length - 10] = (other[other.length - 10] ?? 0) ^ 0xff;
    const put = await t.app.request(signed.body.url as string, {
      method: 'PUT',
      headers: { 'content-type': 'image/jpeg' },
      body: other,
    });
    expect(put.status).toBe(200);
    await call(`${secret}/done`, { file_name: 'R.JPG', sha256: claimed });
    expect(await runImports()).toEqual([{ refused: 'the file uploaded is not the file signed for' }]);
    expect(await t.store.exists(uploadKeyOf('live-run', claimed))).toBe(false);
    expect(await call(`${secret}/sign`, { ...signFor(real), size: 61 * 1024 * 1024 })).toMatchObject({
      status: 400,
      body: { field: 'size', code: 'too-large' },
    });
    for (const bad of [
      { ...signFor(real), file_type: 'image/gif' },
      { ...signFor(real), sha256: 'abc' },
      { ...signFor(real), size: 0 },
      { ...signFor(real), file_name: '' },
    ])
      expect((await call(`${secret}/sign`, bad)).status, JSON.stringify(bad)).toBe(400);
  });

  it('binds the size signed: a body of another length is refused in English and Thai, and nothing is kept', async () => {
    const real = await sharp({ create: { width: 200, height: 150, channels: 3, background: '#39c' } })
      .jpeg()
      .toBuffer();
    const key = uploadKeyOf('live-run', contentHash(real));
    const put = (url: string) =>
      t.app.request(url, { method: 'PUT', headers: { 'content-type': 'image/jpeg' }, body: real });
    // Signed as 1 byte, the whole photo sent.
    const one = await call(`${secret}/sign`, { ...signFor(real, 'S.JPG'), size: 1 });
    const larger = await put(one.body.url as string);
    expect(larger.status).toBe(413);
    expect(await larger.json()).toMatchObject({
      code: 'size-mismatch',
      message: expect.stringContaining('larger than the size this upload address was signed for'),
      message_th: 'ไฟล์ใหญ่กว่าขนาดที่ขออัปโหลดไว้ กรุณาส่งไฟล์เดิมที่ขออัปโหลด',
    });
    // Signed larger than sent.
    const more = await call(`${secret}/sign`, { ...signFor(real, 'S.JPG'), size: real.length + 10 });
    const smaller = await put(more.body.url as string);
    expect(smaller.status).toBe(400);
    expect(await smaller.json()).toMatchObject({ code: 'size-mismatch', message_th: expect.any(String) });
    expect(await t.store.exists(key)).toBe(false);
    expect(
      (await call(`${secret}/done`, { file_name: 'S.JPG', sha256: contentHash(real) })).body,
    ).toMatchObject({
      code: 'not-uploaded',
    });
    // Its own size: taken.
    const right = await call(`${secret}/sign`, signFor(real, 'S.JPG'));
    expect((await put(right.body.url as string)).status).toBe(200);
    expect(await t.store.exists(key)).toBe(true);
    await t.store.delete(key);
  });

  it('checks the link on every PUT: signed before it was revoked or expired, a PUT is 403 and nothing is kept', async () => {
    const real = await sharp({ create: { width: 210, height: 150, channels: 3, background: '#93c' } })
      .jpeg()
      .toBuffer();
    const key = uploadKeyOf('live-run', contentHash(real));
    const put = (url: string) =>
      t.app.request(url, { method: 'PUT', headers: { 'content-type': 'image/jpeg' }, body: real });
    const refusedAsGone = {
      status: 'error',
      code: 'upload-link-invalid',
      message: 'this upload link does not work: it expired or was revoked; ask the shop for a new one',
      message_th: 'ลิงก์อัปโหลดนี้ใช้ไม่ได้ (หมดอายุหรือถูกยกเลิก) กรุณาขอลิงก์ใหม่จากร้าน',
    };
    // Revoked after the address was signed.
    const revoked = await link(8, new Date(NOW.getTime() + HOUR));
    const signed = await call(`${revoked.secret}/sign`, signFor(real, 'R.JPG'));
    expect(await revokeLink(db, revoked.id, NOW)).toBe(true);
    const afterRevoke = await put(signed.body.url as string);
    expect(afterRevoke.status).toBe(403);
    expect(await afterRevoke.json()).toEqual(refusedAsGone);
    expect(await t.store.exists(key)).toBe(false);
    // A link that ends in 10 minutes: its addresses work no longer than it does, and at its end a PUT is refused.
    const ending = await link(9, new Date(NOW.getTime() + 10 * 60_000));
    const url = (await call(`${ending.secret}/sign`, signFor(real, 'E.JPG'))).body.url as string;
    expect(Number(new URL(url, 'http://x').searchParams.get('expires'))).toBe(NOW.getTime() / 1000 + 600);
    t.setNow(new Date(NOW.getTime() + 10 * 60_000));
    try {
      const afterEnd = await put(url);
      expect(afterEnd.status).toBe(403);
      expect(await afterEnd.json()).toEqual(refusedAsGone);
      expect(await t.store.exists(key)).toBe(false);
    } finally {
      t.setNow(NOW);
    }
    // Before its end, the same address takes it.
    expect((await put(url)).status).toBe(200);
    await t.store.delete(key);
  });

  it('answers a link that expired, was revoked or never was as not working, the same way', async () => {
    const expired = await link(6, new Date(NOW.getTime() - 1));
    const revoked = await link(7, new Date(NOW.getTime() + HOUR));
    expect(await revokeLink(db, revoked.id, NOW)).toBe(true);
    expect(await revokeLink(db, revoked.id, NOW)).toBe(false);
    const never = newLinkSecret();
    const answers = [];
    for (const s of [expired.secret, revoked.secret, never]) {
      answers.push(await call(s));
      expect((await call(`${s}/sign`, signFor(photo))).status).toBe(404);
    }
    for (const answer of answers)
      expect(answer).toEqual({
        status: 404,
        body: {
          status: 'error',
          code: 'upload-link-invalid',
          message: 'this upload link does not work: it expired or was revoked; ask the shop for a new one',
          message_th: 'ลิงก์อัปโหลดนี้ใช้ไม่ได้ (หมดอายุหรือถูกยกเลิก) กรุณาขอลิงก์ใหม่จากร้าน',
        },
      });
    // A malformed secret is not an address at all.
    expect((await call('not-a-secret')).status).toBe(400);
  });
});
