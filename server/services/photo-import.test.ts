// Photo import on a real database and a disk store: derivatives, keys, EXIF, refusals, no half-written photos.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import exifr from 'exifr';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PREVIEW_VERSION, photoObjectKeys } from '../../core/contract/photos';
import type { Db } from '../db/database';
import { insertEvent, listsOf } from '../db/events-repo';
import { jobsWithPayload } from '../db/jobs-repo';
import { testDatabases } from '../db/test-databases';
import { DiskStore } from '../storage/disk-store';
import { unmarkedCells } from '../test/marks';
import { cleanOriginalName, type FileOutcome, importFolder, importPhoto, logoVersion } from './photo-import';
import { stampPlacement } from './stamp';

const NOW = new Date('2026-11-22T05:00:00Z');
const BLUE = '#3a6ea5';

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: BLUE } });

/** A camera-like JPEG: taken at 06:42:10 on the event day, with the place it was taken. */
const cameraJpeg = (width: number, height: number, exif: Record<string, string> = {}) =>
  solid(width, height)
    .withExif({
      IFD0: { Make: 'TestCam' },
      IFD2: { DateTimeOriginal: '2026:11:15 06:42:10', ...exif },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '13/1 45/1 0/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '100/1 30/1 0/1',
      },
    })
    .jpeg()
    .toBuffer();

/** A PNG claiming a size, with no pixel data (an empty IDAT): enough for a size check, cheap to make. */
function pngHeader(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(8 + data.length + 4);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), 8 + data.length);
    return out;
  };
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(0))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const rgbAt = async (bytes: Uint8Array, x: number, y: number) => {
  const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
  const i = (y * info.width + x) * info.channels;
  return [data[i], data[i + 1], data[i + 2]] as number[];
};

async function listObjects(root: string): Promise<string[]> {
  const entries = await fs.readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.relative(root, path.join(e.parentPath, e.name)));
}

describe.each(testDatabases)('photo import on $name', (database) => {
  let db: Db;
  let close: () => Promise<void>;
  let dir: string;
  let store: DiskStore;
  let event: { event_id: number; event_key: string };
  let stageId: number;
  const ctx = () => ({ db, store, now: () => NOW });

  beforeAll(async () => {
    ({ db, close } = await database.open());
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'photo-import-'));
    const eventId = await insertEvent(db, {
      event: {
        event_key: 'beach-run',
        title: 'Beach run',
        cover_object: 'beach-run/cover.jpg',
        event_date_text: '15 พฤศจิกายน 2569',
        eventdate: '2026-11-15',
        province: 'ภูเก็ต',
        team_key: null,
        on_sale_start: NOW,
        on_sale_end: NOW,
        is_event_stage: true,
      },
      stages: [{ name: 'เส้นชัย', name_en: 'Finish' }],
    });
    event = { event_id: eventId, event_key: 'beach-run' };
    stageId = (await listsOf(db, eventId)).stages[0]?.id as number;
  }, 60_000);
  afterAll(async () => {
    await close();
    await fs.rm(dir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    await db.deleteFrom('jobs').execute();
    await db.deleteFrom('photos').execute();
    await fs.rm(path.join(dir, 'objects'), { recursive: true, force: true });
    store = new DiskStore(path.join(dir, 'objects'), { baseUrl: '/storage', signingSecret: 'secret' });
  });

  it('stores a thumbnail and a preview marked all over, the original, the row and its index job; a stamped logo image', async () => {
    const bytes = await cameraJpeg(2400, 1600);
    const result = await importPhoto(ctx(), event, {
      bytes,
      originalFileName: 'card 1/IMG_0042.JPG',
      photographerId: 7,
      stageId,
      isHighlight: true,
    });
    if (!('photoId' in result)) throw new Error(`refused: ${JSON.stringify(result)}`);
    expect(result.fileName).toMatch(/^[0-9a-f]{24}\.jpg$/);
    const keys = photoObjectKeys('beach-run', result.fileName);
    // The logo version is not made at import (only once an order is paid).
    expect((await listObjects(store.root)).sort()).toEqual(
      [keys.thumbnail, keys.preview, keys.thumbnailCopy, keys.previewCopy, keys.original].sort(),
    );
    await store.put(keys.logo, await logoVersion(bytes), 'image/jpeg');

    const meta = async (key: string) => {
      const m = await sharp((await store.get(key)) as Uint8Array).metadata();
      return { format: m.format, width: m.width, height: m.height, exif: m.exif, icc: m.icc };
    };
    // No metadata at all on the derivatives (EXIF, GPS, ICC): only the pixels, upright.
    expect(await meta(keys.thumbnail)).toEqual({ format: 'jpeg', width: 480, height: 320 });
    // The preview stays well under the original's size (1200 px on the long side).
    expect(await meta(keys.preview)).toEqual({ format: 'jpeg', width: 1200, height: 800 });
    // The WebP copies the pages show, of the same marked pixels.
    expect(await meta(keys.thumbnailCopy)).toEqual({ format: 'webp', width: 480, height: 320 });
    expect(await meta(keys.previewCopy)).toEqual({ format: 'webp', width: 1200, height: 800 });
    expect(await meta(keys.logo)).toEqual({ format: 'jpeg', width: 2400, height: 1600 });
    expect(Buffer.from((await store.get(keys.original)) as Uint8Array).equals(bytes)).toBe(true);
    // Public images carry no place: the GPS position stays in the private original only.
    expect(
      await exifr.gps((await store.get(keys.preview)) as Uint8Array).catch(() => undefined),
    ).toBeUndefined();
    expect(await exifr.gps((await store.get(keys.original)) as Uint8Array)).toMatchObject({
      latitude: 13.75,
    });

    // The mark covers the whole preview and thumbnail: every cell of a 4×4 grid over the plain photo shows it.
    for (const key of [keys.preview, keys.thumbnail, keys.previewCopy, keys.thumbnailCopy]) {
      expect(await unmarkedCells((await store.get(key)) as Uint8Array)).toEqual([]);
    }
    // The paid logo image: the logo's orange shows at the centre of its corner stamp.
    const p = stampPlacement(2400, 1600);
    const [lr, , lb] = await rgbAt(
      (await store.get(keys.logo)) as Uint8Array,
      p.left + Math.round(p.size / 2),
      p.top + Math.round((p.size * 44) / 64),
    );
    expect(lr).toBeGreaterThan((lb as number) + 60);

    const row = await db
      .selectFrom('photos')
      .selectAll()
      .where('id', '=', result.photoId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      event_id: event.event_id,
      stage_id: stageId,
      photographer_id: 7,
      original_file_name: 'IMG_0042.JPG',
      file_name: result.fileName,
      width: 2400,
      height: 1600,
      is_highlight: true,
      index_state: 'pending',
      preview_version: PREVIEW_VERSION,
      // The camera that took it, for nearby frames.
      camera: 'TestCam',
    });
    // EXIF wall time without an offset is Thailand time.
    expect(row.taken_at).toEqual(new Date('2026-11-15T06:42:10+07:00'));
    const jobs = await jobsWithPayload(db, 'index-photo', { photo_id: result.photoId });
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ state: 'queued', payload: { photo_id: result.photoId } });
  });

  it('takes the time from EXIF with its offset, else from the input, else now', async () => {
    const takenAt = async (bytes: Buffer, input: { takenAt?: Date } = {}) => {
      const r = await importPhoto(ctx(), event, { bytes, originalFileName: 'a.jpg', ...input });
      if (!('photoId' in r)) throw new Error(JSON.stringify(r));
      const row = await db
        .selectFrom('photos')
        .select('taken_at')
        .where('id', '=', r.photoId)
        .executeTakeFirst();
      return row?.taken_at;
    };
    const given = new Date('2026-11-15T00:30:00Z');
    expect(
      await takenAt(await cameraJpeg(64, 48, { OffsetTimeOriginal: '+09:00' }), { takenAt: given }),
    ).toEqual(new Date('2026-11-15T06:42:10+09:00'));
    const plain = await solid(64, 48).jpeg().toBuffer();
    expect(await takenAt(plain, { takenAt: given })).toEqual(given);
    expect(await takenAt(plain)).toEqual(NOW);
  });

  it('turns photos upright by their EXIF orientation and imports PNGs', async () => {
    const turned = await solid(300, 200).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const r = await importPhoto(ctx(), event, { bytes: turned, originalFileName: 'turned.jpg' });
    if (!('photoId' in r)) throw new Error(JSON.stringify(r));
    const thumb = await sharp(
      (await store.get(photoObjectKeys('beach-run', r.fileName).thumbnail)) as Uint8Array,
    );
    expect(await thumb.metadata()).toMatchObject({ width: 200, height: 300 });
    const row = await db
      .selectFrom('photos')
      .selectAll()
      .where('id', '=', r.photoId)
      .executeTakeFirstOrThrow();
    expect([row.width, row.height]).toEqual([200, 300]);

    const png = await sharp({ create: { width: 90, height: 60, channels: 4, background: '#0000' } })
      .png()
      .toBuffer();
    const p = await importPhoto(ctx(), event, { bytes: png, originalFileName: 'clear.png' });
    if (!('photoId' in p)) throw new Error(JSON.stringify(p));
    const keys = photoObjectKeys('beach-run', p.fileName);
    expect((await sharp((await store.get(keys.preview)) as Uint8Array).metadata()).format).toBe('jpeg');
    expect(Buffer.from((await store.get(keys.original)) as Uint8Array).equals(png)).toBe(true);
  });

  it('refuses non-images, truncated files, too many pixels and foreign stages, storing nothing', async () => {
    const good = await cameraJpeg(640, 480);
    const cases: [Uint8Array, string, number | null][] = [
      [new TextEncoder().encode('hello, not a photo'), 'not a JPEG or PNG image', null],
      [
        good.subarray(0, Math.floor(good.length / 2)),
        'the image cannot be decoded (truncated or damaged)',
        null,
      ],
      [pngHeader(8000, 5001), 'larger than 40 megapixels', null],
      [good, 'stage 999999 is not a stage of event beach-run', 999999],
    ];
    for (const [bytes, reason, stage] of cases) {
      expect(await importPhoto(ctx(), event, { bytes, originalFileName: 'x.jpg', stageId: stage })).toEqual({
        refused: reason,
      });
    }
    expect(await listObjects(store.root)).toEqual([]);
    expect(await db.selectFrom('photos').selectAll().execute()).toEqual([]);
    expect(await db.selectFrom('jobs').selectAll().execute()).toEqual([]);
  });

  it('deletes the objects it wrote when the database write fails', async () => {
    const ghost = { event_id: 999_999, event_key: 'ghost-event' };
    await expect(
      importPhoto(ctx(), ghost, { bytes: await cameraJpeg(64, 48), originalFileName: 'a.jpg' }),
    ).rejects.toThrow();
    expect(await listObjects(store.root)).toEqual([]);
    expect(await db.selectFrom('jobs').selectAll().execute()).toEqual([]);
  });

  it('imports a folder by content, in name order, reporting every file and carrying on past bad ones', async () => {
    const folder = path.join(dir, 'card');
    await fs.rm(folder, { recursive: true, force: true });
    await fs.mkdir(path.join(folder, 'sub'), { recursive: true });
    const good = await cameraJpeg(320, 240);
    await fs.writeFile(path.join(folder, 'a.jpg'), good);
    await fs.writeFile(path.join(folder, 'b.png'), await solid(50, 40).png().toBuffer());
    await fs.writeFile(path.join(folder, 'c.jpg'), 'plain text with a photo name');
    await fs.writeFile(path.join(folder, 'd.jpg'), good.subarray(0, good.length - 200));
    await fs.writeFile(path.join(folder, 'e.txt'), good);
    await fs.writeFile(path.join(folder, 'sub', 'f.jpg'), good);
    const seen: FileOutcome[] = [];
    const result = await importFolder(
      ctx(),
      'beach-run',
      folder,
      { concurrency: 1, photographerId: 3 },
      (o) => seen.push(o),
    );
    expect(result).toEqual({
      total: 5,
      imported: 3,
      refused: [
        { file: 'c.jpg', reason: 'not a JPEG or PNG image' },
        { file: 'd.jpg', reason: 'the image cannot be decoded (truncated or damaged)' },
      ],
    });
    expect(seen.map((o) => [o.file, o.done, o.total, 'photoId' in o.result])).toEqual([
      ['a.jpg', 1, 5, true],
      ['b.png', 2, 5, true],
      ['c.jpg', 3, 5, false],
      ['d.jpg', 4, 5, false],
      ['e.txt', 5, 5, true],
    ]);
    const rows = await db.selectFrom('photos').select(['original_file_name', 'photographer_id']).execute();
    expect(rows.map((r) => r.original_file_name).sort()).toEqual(['a.jpg', 'b.png', 'e.txt']);
    expect(rows.every((r) => r.photographer_id === 3)).toBe(true);
    expect(await db.selectFrom('jobs').selectAll().execute()).toHaveLength(3);
    await expect(importFolder(ctx(), 'no-such-event', folder)).rejects.toThrow('no event with key');
  });
});

describe('cleanOriginalName', () => {
  it('keeps only a printable base name', () => {
    expect(cleanOriginalName('C:\\cards\\IMG_1.JPG')).toBe('IMG_1.JPG');
    expect(cleanOriginalName('../../etc/pass\nwd')).toBe('passwd');
    expect(cleanOriginalName('')).toBe('photo.jpg');
    // A right-to-left override would make the buyers' zip show "IMG_1exe.jpg" for a file named "IMG_1gpj.exe".
    expect(cleanOriginalName('IMG_1\u202egpj.exe')).toBe('IMG_1gpj.exe');
    expect(cleanOriginalName('a\u2066b\ud800.jpg')).toBe('ab.jpg');
    expect(cleanOriginalName('x'.repeat(300))).toHaveLength(200);
  });
});
