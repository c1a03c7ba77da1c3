// Synthetic faces for the scale benchmarks: photos of an event with `facesPerPhoto` faces each, whose
// descriptors are drawn per dimension from the mean and spread of the event's real faces, so the matrix and its
// scan see realistic values while no synthetic face is close enough to match a real person. Rows only: the photos
// have no image files and are marked indexed (nothing queues them), and they are never bought.

import type { Db } from '../server/db/database';
import { DESCRIPTOR_BYTES } from '../server/db/faces-repo';
import { insertPhotos } from '../server/db/photos-repo';
import { DESCRIPTOR_DIMS, descriptorFromBytes } from '../server/faces/matrix';
import { seeded } from '../server/test/seeded-random';

/** Rows a statement inserts at once (faces: 9 columns each, under PostgreSQL's 65535 parameters). */
const CHUNK = 2000;

/** Per dimension: the mean and standard deviation of the event's stored descriptors. */
async function descriptorSpread(db: Db, eventId: number): Promise<{ mean: number[]; sd: number[] }> {
  const rows = await db
    .selectFrom('faces')
    .select('descriptor')
    .where('event_id', '=', eventId)
    .limit(5000)
    .execute();
  if (rows.length < 10) throw new Error(`the event has ${rows.length} real faces; index its photos first`);
  const mean = new Array<number>(DESCRIPTOR_DIMS).fill(0);
  const square = new Array<number>(DESCRIPTOR_DIMS).fill(0);
  for (const { descriptor } of rows) {
    const d = descriptorFromBytes(descriptor);
    for (let i = 0; i < DESCRIPTOR_DIMS; i++) {
      mean[i] = (mean[i] ?? 0) + (d[i] ?? 0) / rows.length;
      square[i] = (square[i] ?? 0) + (d[i] ?? 0) ** 2 / rows.length;
    }
  }
  const sd = mean.map((m, i) => Math.sqrt(Math.max(0, (square[i] ?? 0) - m * m)));
  return { mean, sd };
}

/** A standard normal sample (Box-Muller). */
function normal(random: () => number): number {
  const u = 1 - random();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

/** Adds `count` synthetic faces to the event, `facesPerPhoto` to a photo; answers the time it took. */
export async function addSyntheticFaces(
  db: Db,
  eventId: number,
  count: number,
  options: { facesPerPhoto?: number; seed?: number; onProgress?: (done: number) => void } = {},
): Promise<{ faces: number; photos: number; ms: number }> {
  const started = performance.now();
  const perPhoto = options.facesPerPhoto ?? 5;
  const random = seeded(options.seed ?? 16);
  const { mean, sd } = await descriptorSpread(db, eventId);
  const descriptor = () => {
    const values = new Float32Array(DESCRIPTOR_DIMS);
    for (let i = 0; i < DESCRIPTOR_DIMS; i++) values[i] = (mean[i] ?? 0) + (sd[i] ?? 0) * normal(random);
    return new Uint8Array(values.buffer, 0, DESCRIPTOR_BYTES);
  };
  const takenAt = new Date();
  let faces = 0;
  let photos = 0;
  while (faces < count) {
    const photoCount = Math.min(CHUNK / perPhoto, Math.ceil((count - faces) / perPhoto));
    const ids = await insertPhotos(
      db,
      Array.from({ length: photoCount }, (_, i) => ({
        event_id: eventId,
        stage_id: null,
        original_file_name: `SYNTH_${photos + i}.JPG`,
        file_name: `synthetic-${photos + i}.jpg`,
        width: 4000,
        height: 3000,
        taken_at: takenAt,
        index_state: 'indexed' as const,
        index_error: null,
      })),
    );
    photos += ids.length;
    const rows = ids.flatMap((photo_id) =>
      Array.from({ length: Math.min(perPhoto, count - faces) }, (_, k) => {
        faces++;
        return {
          photo_id,
          event_id: eventId,
          box_x: 100 * k,
          box_y: 100,
          box_w: 80,
          box_h: 80,
          score: 0.9,
          descriptor: descriptor(),
        };
      }),
    );
    if (rows.length > 0) await db.insertInto('faces').values(rows).execute();
    options.onProgress?.(faces);
  }
  // Each synthetic face is a person of its own (no two are alike), as grouping at indexing would make them.
  await db
    .updateTable('faces')
    .set((eb) => ({ person_id: eb.ref('id') }))
    .where('event_id', '=', eventId)
    .where('person_id', 'is', null)
    .execute();
  return { faces, photos, ms: performance.now() - started };
}
