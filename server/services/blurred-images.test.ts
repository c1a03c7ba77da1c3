// A photo's public images made again with faces blurred, under a new name (the real app, a disk store, a real
// group photo from ../shared/face-bench imported through the import path, a paid order of it): the addresses
// change, the old objects are gone, the new preview is blurred at the boxes and the same elsewhere, the original is
// kept byte for byte, the buyer still downloads the original and the logo version; an undo makes unblurred images
// under another name; a run stopped at any step leaves a working photo, and the queued clean-up finishes it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { photoObjectKeys } from '../../core/contract/photos';
import { jobsWithPayload } from '../db/jobs-repo';
import { testDatabases } from '../db/test-databases';
import type { ObjectStore } from '../storage/object-store';
import { orderFixture } from '../test/order-fixtures';
import {
  DELETE_PHOTO_OBJECTS,
  type DeletePhotoObjectsPayload,
  deletePhotoObjects,
  remakePublicImages,
} from './blurred-images';
import { markPaidByOperator } from './payments/settle';
import { blurRegion, importPhoto, photoDerivatives } from './photo-import';

const GROUP = path.resolve(import.meta.dirname, '../../../shared/face-bench/group-1920.jpg');
/** Two faces of the group photo (its pixels), as the detector boxes them. */
const BOXES = [
  { x: 440, y: 449, width: 95, height: 112 },
  { x: 109, y: 393, width: 102, height: 120 },
];
const EVENT = 'paid';

/** Raw RGB pixels of an encoded image. */
const pixelsOf = (image: Uint8Array) =>
  sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });

/**
 * How two previews of the 1920×1440 photo differ: the share of the blurred regions' pixels that changed visibly,
 * and how many pixels changed farther than 24 pixels from every region.
 */
async function comparePreviews(a: Uint8Array, b: Uint8Array) {
  const [pa, pb] = await Promise.all([pixelsOf(a), pixelsOf(b)]);
  const s = pa.info.width / 1920;
  const regions = BOXES.map((box) => blurRegion(box, 1920, 1440)).map((r) => ({
    left: (r?.left ?? 0) * s,
    top: (r?.top ?? 0) * s,
    right: ((r?.left ?? 0) + (r?.width ?? 0)) * s,
    bottom: ((r?.top ?? 0) + (r?.height ?? 0)) * s,
  }));
  let inside = 0;
  let changedInside = 0;
  let changedAway = 0;
  for (let y = 0; y < pa.info.height; y++)
    for (let x = 0; x < pa.info.width; x++) {
      const at = (y * pa.info.width + x) * 3;
      let change = 0;
      for (let c = 0; c < 3; c++)
        change += Math.abs((pa.data[at + c] as number) - (pb.data[at + c] as number));
      const away = Math.min(
        ...regions.map((r) => Math.max(r.left - x, x + 1 - r.right, r.top - y, y + 1 - r.bottom, 0)),
      );
      if (away === 0) {
        inside += 1;
        if (change > 12) changedInside += 1;
      } else if (away > 24 && change > 0) changedAway += 1;
    }
  return { changedInside: changedInside / inside, changedAway };
}

describe.each(testDatabases)('public images made again with faces blurred, on $name', (database) => {
  const fixture = orderFixture(database);
  const original = new Uint8Array(readFileSync(GROUP));
  let plainPreview: Uint8Array;
  const deps = () => ({ db: fixture.db, store: fixture.t.ctx.store });
  const fileNameOf = async (photoId: number) =>
    (
      await fixture.db
        .selectFrom('photos')
        .select('file_name')
        .where('id', '=', photoId)
        .executeTakeFirstOrThrow()
    ).file_name;
  /** The keys of the event's objects under each of these names. */
  const objectsNamed = async (names: readonly string[]) => {
    const keys: string[] = [];
    for (const prefix of [`${EVENT}/`, `private/${EVENT}/`])
      for await (const o of fixture.t.store.list(prefix))
        if (names.some((name) => o.key.includes(`/${name}`))) keys.push(o.key);
    return keys.sort();
  };
  const allKeys = (name: string) => Object.values(photoObjectKeys(EVENT, name)).sort();

  async function imported(name: string): Promise<number> {
    const result = await importPhoto(
      { db: fixture.db, store: fixture.t.ctx.store },
      { event_id: fixture.eventIds[EVENT] as number, event_key: EVENT },
      { bytes: original, originalFileName: name, photographerId: 7 },
    );
    if (!('photoId' in result)) throw new Error(`not imported: ${JSON.stringify(result)}`);
    return result.photoId;
  }

  /** A paid order of the photo, delivered (its logo version and the buyer's thumbnail made). */
  async function paidOrderOf(photoId: number): Promise<string> {
    const uuid = await fixture.create(
      fixture.order({ imageList: [{ id: photoId, event_id: fixture.eventIds[EVENT] }], amount: '63.00' }),
    );
    expect(await markPaidByOperator(fixture.t.ctx, uuid, { paymentRef: `SLIP-${photoId}`, note: '' })).toBe(
      'paid',
    );
    await fixture.drainJobs();
    return uuid;
  }

  /** What the paid order's buyer downloads: the original, the logo version, their thumbnail (status, bytes). */
  async function downloads(uuid: string) {
    const answer = await fixture.inquire(uuid);
    expect(answer).toMatchObject({ is_original_image_created: 'Y', is_logo_image_created: 'Y' });
    const [paid] = JSON.parse(answer.images_paid ?? '[]') as {
      id: number;
      image: string;
      image_logo: string;
    }[];
    if (!paid) throw new Error('no paid image');
    const get = async (url: string) => {
      const res = await fixture.t.app.request(url);
      return { status: res.status, url, bytes: new Uint8Array(await res.arrayBuffer()) };
    };
    return {
      original: await get(paid.image),
      logo: await get(paid.image_logo),
      thumbnail: await get(`/api/v1/order/${uuid}/thumbnail/${paid.id}`),
    };
  }

  beforeAll(async () => {
    plainPreview = new Uint8Array((await photoDerivatives(original)).preview);
  });

  it('blurs under a new name: old objects gone, original kept, the buyer still downloads; undo unblurs under another', async () => {
    const photoId = await imported('IMG_0001.JPG');
    const first = await fileNameOf(photoId);
    const uuid = await paidOrderOf(photoId);
    const before = await downloads(uuid);
    expect([before.original.status, before.logo.status, before.thumbnail.status]).toEqual([200, 200, 200]);
    expect(await objectsNamed([first])).toEqual(allKeys(first));

    const blurred = await remakePublicImages(deps(), photoId, BOXES);
    expect(blurred).toMatchObject({ photo_id: photoId, blurred: 2 });
    const second = await fileNameOf(photoId);
    expect(blurred).toMatchObject({ file_name: second });
    expect(second).not.toBe(first);
    expect(second).toMatch(/^[0-9a-f]{24}\.jpg$/);
    // Every object under the old name is gone; the new name has all of them (the private versions copied).
    expect(await objectsNamed([first])).toEqual([]);
    expect(await objectsNamed([second])).toEqual(allKeys(second));
    const keys = photoObjectKeys(EVENT, second);
    expect(Buffer.compare(Buffer.from((await fixture.t.store.get(keys.original)) ?? []), original)).toBe(0);
    // The old addresses answer nothing; the new preview is blurred at the boxes and the same elsewhere.
    expect((await fixture.t.app.request(`/storage/${photoObjectKeys(EVENT, first).preview}`)).status).toBe(
      404,
    );
    const res = await fixture.t.app.request(`/storage/${keys.preview}`);
    expect(res.status).toBe(200);
    const preview = new Uint8Array(await res.arrayBuffer());
    const compared = await comparePreviews(plainPreview, preview);
    expect(compared.changedInside).toBeGreaterThan(0.5);
    expect(compared.changedAway).toBe(0);
    expect((await fixture.t.app.request(`/storage/${keys.previewCopy}`)).headers.get('cache-control')).toBe(
      'public, max-age=31536000, immutable',
    );
    // The buyer who paid keeps what they bought: the same original and logo version, under the new name.
    const after = await downloads(uuid);
    expect([after.original.status, after.logo.status, after.thumbnail.status]).toEqual([200, 200, 200]);
    expect(after.original.url).toContain(`/original/${second}?`);
    expect(Buffer.compare(after.original.bytes, original)).toBe(0);
    expect(Buffer.compare(after.logo.bytes, before.logo.bytes)).toBe(0);
    expect(Buffer.compare(after.thumbnail.bytes, before.thumbnail.bytes)).toBe(0);
    // A clean-up of the old name is queued (a crash before the deletions), and of the new one (before the row).
    const cleanups = (name: string) =>
      jobsWithPayload(fixture.db, DELETE_PHOTO_OBJECTS, { photo_id: photoId, file_name: name });
    expect(await cleanups(first)).toHaveLength(1);
    expect(await cleanups(second)).toHaveLength(1);
    expect(await deletePhotoObjects(deps(), { photo_id: photoId, file_name: second })).toMatchObject({
      skipped: 'the photo has this name',
    });
    expect(await objectsNamed([second])).toEqual(allKeys(second));

    // Undo: no boxes, the images as import made them, under yet another name.
    const undone = await remakePublicImages(deps(), photoId, []);
    const third = await fileNameOf(photoId);
    expect(undone).toEqual({ photo_id: photoId, file_name: third, blurred: 0 });
    expect(new Set([first, second, third]).size).toBe(3);
    expect(await objectsNamed([first, second])).toEqual([]);
    expect(await objectsNamed([third])).toEqual(allKeys(third));
    const unblurred = await fixture.t.store.get(photoObjectKeys(EVENT, third).preview);
    expect(Buffer.compare(Buffer.from(unblurred ?? []), plainPreview)).toBe(0);
    const again = await downloads(uuid);
    expect(Buffer.compare(again.original.bytes, original)).toBe(0);
    expect(Buffer.compare(again.logo.bytes, before.logo.bytes)).toBe(0);
  }, 60_000);

  it('run twice, ends with one name and its objects only', async () => {
    const photoId = await imported('IMG_0002.JPG');
    const first = await fileNameOf(photoId);
    const a = await remakePublicImages(deps(), photoId, BOXES);
    const b = await remakePublicImages(deps(), photoId, BOXES);
    const last = await fileNameOf(photoId);
    expect('file_name' in b && b.file_name).toBe(last);
    const names = [first, 'file_name' in a ? a.file_name : '', last];
    expect(await objectsNamed(names)).toEqual(
      allKeys(last).filter((k) => !k.includes('/logo/') && !k.includes('/paid-thumbnail/')),
    );
  }, 60_000);

  /** The test's store, failing the calls `fails` picks (a crash at that step). */
  const failing = (fails: (call: 'put' | 'delete', key: string) => boolean): ObjectStore => {
    const store = fixture.t.ctx.store;
    return Object.assign(Object.create(store) as ObjectStore, {
      put: (key: string, body: Uint8Array, type: string) =>
        fails('put', key) ? Promise.reject(new Error('stopped')) : store.put(key, body, type),
      delete: (key: string) =>
        fails('delete', key) ? Promise.reject(new Error('stopped')) : store.delete(key),
    });
  };

  it('stopped before the row changes: the photo works under its name; the queued clean-up deletes what was written', async () => {
    const photoId = await imported('IMG_0003.JPG');
    const first = await fileNameOf(photoId);
    const store = failing(
      (call, key) => call === 'put' && key.endsWith('.webp') && key.includes('/preview/'),
    );
    await expect(remakePublicImages({ db: fixture.db, store }, photoId, BOXES)).rejects.toThrow('stopped');
    expect(await fileNameOf(photoId)).toBe(first);
    expect(await objectsNamed([first])).toEqual(
      allKeys(first).filter((k) => !k.includes('/logo/') && !k.includes('/paid-thumbnail/')),
    );
    const queued = (
      await fixture.db.selectFrom('jobs').selectAll().where('kind', '=', DELETE_PHOTO_OBJECTS).execute()
    )
      .map(
        (job) =>
          (typeof job.payload === 'string'
            ? JSON.parse(job.payload)
            : job.payload) as DeletePhotoObjectsPayload,
      )
      .filter((p) => p.photo_id === photoId);
    expect(queued).toHaveLength(1);
    const written = queued[0]?.file_name as string;
    expect((await objectsNamed([written])).length).toBeGreaterThan(0);
    expect(await deletePhotoObjects(deps(), { photo_id: photoId, file_name: written })).toMatchObject({
      deleted: true,
    });
    expect(await objectsNamed([written])).toEqual([]);
    // Run again, it finishes.
    const done = await remakePublicImages(deps(), photoId, BOXES);
    expect(done).toMatchObject({ blurred: 2 });
    expect(await objectsNamed([first])).toEqual([]);
  }, 60_000);

  it('stopped after the row changed: the photo works under its new name; the queued clean-up deletes the old objects', async () => {
    const photoId = await imported('IMG_0004.JPG');
    const first = await fileNameOf(photoId);
    const uuid = await paidOrderOf(photoId);
    const before = await downloads(uuid);
    const store = failing((call) => call === 'delete');
    await expect(remakePublicImages({ db: fixture.db, store }, photoId, BOXES)).rejects.toThrow('stopped');
    const second = await fileNameOf(photoId);
    expect(second).not.toBe(first);
    expect(await objectsNamed([second])).toEqual(allKeys(second));
    const after = await downloads(uuid);
    expect(Buffer.compare(after.logo.bytes, before.logo.bytes)).toBe(0);
    expect(await objectsNamed([first])).toEqual(allKeys(first));
    // A delivery that wrote a logo version under the old name as it changed: moved to the new name, not lost.
    await fixture.t.store.delete(photoObjectKeys(EVENT, second).logo);
    expect(await deletePhotoObjects(deps(), { photo_id: photoId, file_name: first })).toMatchObject({
      deleted: true,
    });
    expect(await objectsNamed([first])).toEqual([]);
    expect(Buffer.compare((await downloads(uuid)).logo.bytes, before.logo.bytes)).toBe(0);
  }, 60_000);

  it('a missing original: the faces leave the public images, and the attempt fails for a retry', async () => {
    const photoId = await imported('IMG_0005.JPG');
    const name = await fileNameOf(photoId);
    await fixture.t.store.delete(photoObjectKeys(EVENT, name).original);
    await expect(remakePublicImages(deps(), photoId, BOXES)).rejects.toThrow('missing');
    expect(await objectsNamed([name])).toEqual([]);
    expect(await fileNameOf(photoId)).toBe(name);
    expect(await remakePublicImages(deps(), 99_999_999, BOXES)).toEqual({
      photo_id: 99_999_999,
      skipped: 'no such photo',
    });
    expect(await deletePhotoObjects(deps(), { photo_id: photoId, file_name: '../x' })).toMatchObject({
      skipped: 'not a stored name',
    });
  }, 60_000);
});
