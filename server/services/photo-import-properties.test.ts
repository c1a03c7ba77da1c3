// Property-based hostile input for the admin import (fast-check), on a real database (PGlite, and PostgreSQL in
// CI) and a real disk store: folders of random files (real JPEGs and PNGs, truncated ones, random bytes, empty
// files, images with a lying extension) under odd names (controls, right-to-left overrides, Thai, very long).
// The properties: the import never throws for a file; each file is either imported whole (one row, its index
// job, thumbnail, preview, their copies and original in the store) or refused with a reason and leaves nothing
// behind; no name the buyers later see holds a forbidden character.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photoObjectKeys } from '../../core/contract/photos';
import { hasForbiddenCharacter } from '../../core/rules';
import type { Db } from '../db/database';
import { insertEvent } from '../db/events-repo';
import { testDatabases } from '../db/test-databases';
import { DiskStore } from '../storage/disk-store';
import { testEvent } from '../test/fixtures';
import { importFolder } from './photo-import';

const NOW = new Date('2026-11-22T05:00:00Z');
const RUNS = Number(process.env.FC_RUNS ?? 12);

let jpeg: Buffer;
let png: Buffer;

type FileKind = 'jpeg' | 'png' | 'truncated' | 'random' | 'empty' | 'png-named-jpg';

const fileKind = fc.constantFrom<FileKind>('jpeg', 'png', 'truncated', 'random', 'empty', 'png-named-jpg');
const fileName = fc
  .oneof(
    fc.string({ unit: 'binary', minLength: 1, maxLength: 30 }),
    fc.constantFrom('IMG\u202egpj.exe', 'ภาพ วิ่ง', 'a\u0000b', '\ud800x', '.hidden', '..', 'x'.repeat(250)),
  )
  // What a file system can hold: no slash or NUL byte, not empty, not "." or "..", and within NAME_MAX bytes.
  .map((name) =>
    name
      .replaceAll('/', '_')
      .replaceAll('\u0000', '_')
      .replace(/\p{Cs}/gu, '_'),
  )
  .filter((name) => name !== '' && name !== '.' && name !== '..' && Buffer.byteLength(name) <= 200);

const folderSpec = fc.uniqueArray(fc.record({ name: fileName, kind: fileKind }), {
  minLength: 1,
  maxLength: 5,
  selector: (f) => f.name.toLowerCase(),
});

function bytesOf(kind: FileKind, seed: number): Buffer {
  switch (kind) {
    case 'jpeg':
      return jpeg;
    case 'png':
    case 'png-named-jpg':
      return png;
    case 'truncated':
      return jpeg.subarray(0, Math.max(4, seed % jpeg.length));
    case 'random':
      return Buffer.from(Array.from({ length: 64 + (seed % 512) }, (_, i) => (i * 131 + seed) % 256));
    case 'empty':
      return Buffer.alloc(0);
  }
}

describe.each(testDatabases)('the admin import under hostile folders on $name (fast-check)', (database) => {
  let db: Db;
  let close: () => Promise<void>;
  let dir: string;
  let store: DiskStore;
  let round = 0;

  beforeAll(async () => {
    ({ db, close } = await database.open());
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'import-props-'));
    store = new DiskStore(path.join(dir, 'objects'), {
      baseUrl: '/storage',
      signingSecret: 's',
      now: () => NOW.getTime(),
    });
    jpeg = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#3a6ea5' } })
      .jpeg()
      .toBuffer();
    png = await sharp({ create: { width: 320, height: 240, channels: 4, background: '#ff000080' } })
      .png()
      .toBuffer();
  }, 60_000);
  afterAll(async () => {
    await close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it(`imports each file whole or refuses it leaving nothing (${RUNS} generated folders)`, async () => {
    await fc.assert(
      fc.asyncProperty(folderSpec, fc.nat(), async (files, seed) => {
        round += 1;
        const eventKey = `hostile-${round}`;
        const eventId = await insertEvent(db, { event: testEvent(eventKey) });
        const folder = path.join(dir, `folder-${round}`);
        await fs.mkdir(folder);
        for (const file of files) {
          const name = file.kind === 'png-named-jpg' ? `${file.name}.jpg` : file.name;
          await fs.writeFile(path.join(folder, name), bytesOf(file.kind, seed));
        }

        const result = await importFolder({ db, store, now: () => NOW }, eventKey, folder);
        expect(result.total).toBe(files.length);
        for (const refusal of result.refused) expect(refusal.reason).not.toBe('');

        const rows = await db
          .selectFrom('photos')
          .select(['id', 'file_name', 'original_file_name'])
          .where('event_id', '=', eventId)
          .execute();
        expect(rows).toHaveLength(result.imported);
        const jobs = await db
          .selectFrom('jobs')
          .select('payload')
          .where('kind', '=', 'index-photo')
          .execute();
        const queued = new Set(jobs.map((j) => Number((j.payload as { photo_id: number }).photo_id)));
        for (const row of rows) {
          expect(queued.has(row.id)).toBe(true);
          expect(hasForbiddenCharacter(row.original_file_name)).toBe(false);
          const keys = photoObjectKeys(eventKey, row.file_name);
          for (const key of [
            keys.thumbnail,
            keys.preview,
            keys.thumbnailCopy,
            keys.previewCopy,
            keys.original,
          ])
            expect(await store.exists(key)).toBe(true);
        }
        // Nothing of a refused file is left in the store: exactly five objects per imported photo (thumbnail,
        // preview, their WebP copies, original).
        const objects = await fs
          .readdir(path.join(dir, 'objects'), { recursive: true, withFileTypes: true })
          .then((entries) =>
            entries.filter(
              (e) =>
                e.isFile() && path.join(e.parentPath, e.name).includes(`${path.sep}${eventKey}${path.sep}`),
            ),
          )
          .catch(() => []);
        expect(objects).toHaveLength(rows.length * 5);
        // Every real image is imported; nothing that is not one is.
        const images = files.filter(
          (f) => f.kind === 'jpeg' || f.kind === 'png' || f.kind === 'png-named-jpg',
        );
        expect(result.imported).toBeLessThanOrEqual(images.length);
        expect(result.imported).toBeGreaterThanOrEqual(images.filter((f) => f.kind === 'jpeg').length);
      }),
      { numRuns: RUNS, seed: Number(process.env.FC_SEED ?? 20261124), endOnFailure: true },
    );
  }, 300_000);
});
