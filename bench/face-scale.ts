// A big event's faces in one API process: an event of --faces faces (default 1.5 million) on the
// embedded database (or DATABASE_URL, a fresh database), then the store's face engine loading its matrix the way a
// first search does, the process's memory before and after, and the exact scan's time per search. Real faces come
// from the face-api package's demo photos (indexed here); the rest are synthetic (bench/synthetic-faces.ts).
// Checks that every real face still finds its own photo first among them all.
// Prints one JSON line.   node --import tsx bench/face-scale.ts [--faces 1500000] [--searches 20]
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { type Db, migrate, openDatabase, openEmbeddedDatabase } from '../server/db/database';
import { insertEvent } from '../server/db/events-repo';
import { faceBlockOfEvent, saveFacesOfPhoto } from '../server/db/faces-repo';
import { insertPhotos } from '../server/db/photos-repo';
import { detectFacesInBytes } from '../server/faces/detect';
import { FaceIndexEngine } from '../server/faces/engine';
import { descriptorToBytes } from '../server/faces/matrix';
import { faceApiSample } from '../tests/demo-selfie';
import { median, round } from './bench-kit';
import { addSyntheticFaces } from './synthetic-faces';

const { values } = parseArgs({
  options: { faces: { type: 'string', default: '1500000' }, searches: { type: 'string', default: '20' } },
});
const FACES = Number(values.faces);
const SEARCHES = Number(values.searches);
const mb = (bytes: number) => round(bytes / 1_048_576);
const memory = () => {
  const m = process.memoryUsage();
  return { rss_mb: mb(m.rss), heap_mb: mb(m.heapUsed), array_buffers_mb: mb(m.arrayBuffers) };
};

const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-face-scale-'));
let close: () => Promise<void>;
let db: Db;
if (process.env.DATABASE_URL) {
  db = await openDatabase({ databaseUrl: process.env.DATABASE_URL });
  close = () => db.destroy();
} else {
  const embedded = await openEmbeddedDatabase(path.join(dir, 'pglite'));
  db = embedded.db;
  close = () => embedded.db.destroy();
}

try {
  await migrate(db);
  const day = new Date();
  const eventId = await insertEvent(db, {
    event: {
      event_key: `scale-${Date.now()}`,
      title: 'Scale',
      cover_object: 'x/cover.jpg',
      event_date_text: '1 มกราคม 2570',
      eventdate: '2027-01-01',
      province: 'กรุงเทพมหานคร',
      team_key: null,
      on_sale_start: day,
      on_sale_end: day,
    },
  });
  // Real faces: the demo photos, indexed as the store indexes them.
  const real: { photoId: number; descriptor: Float32Array }[] = [];
  for (let n = 1; n <= 6; n++) {
    const [photoId = 0] = await insertPhotos(db, [
      {
        event_id: eventId,
        stage_id: null,
        original_file_name: `sample${n}.jpg`,
        file_name: `sample${n}.jpg`,
        width: 1,
        height: 1,
        taken_at: day,
        index_error: null,
      },
    ]);
    const faces = await detectFacesInBytes(new Uint8Array(await fs.readFile(faceApiSample(n))));
    await saveFacesOfPhoto(
      db,
      photoId,
      eventId,
      faces.map((f) => ({ box: f.box, score: f.score, descriptor: descriptorToBytes(f.descriptor) })),
    );
    for (const f of faces) real.push({ photoId, descriptor: f.descriptor });
  }
  const synthetic = await addSyntheticFaces(db, eventId, Math.max(0, FACES - real.length), {
    onProgress: (done) => done % 100_000 === 0 && process.stderr.write(`${done} synthetic faces\r`),
  });
  process.stderr.write('\n');
  // As a database that has lived with its faces is: vacuumed and analysed (freshly written rows are several times
  // slower to read once: 55 s instead of 8 s for 1.5 million on PostgreSQL).
  await sql`vacuum analyze faces`.execute(db);

  global.gc?.();
  const before = memory();
  const engine = new FaceIndexEngine({
    loadFaces: (e, after) => faceBlockOfEvent(db, e, after),
    describeSelfie: async () => ({ kind: 'no-face' }),
  });
  const query = { eventId, threshold: 0.6, maxResults: 200 };
  const loadStarted = performance.now();
  await engine.searchDescriptor(real[0]?.descriptor ?? new Float32Array(128), query);
  const loadMs = performance.now() - loadStarted;
  global.gc?.();
  const after = memory();

  const times: number[] = [];
  let ownPhotoFirst = 0;
  for (let i = 0; i < SEARCHES; i++) {
    const face = real[i % real.length];
    if (!face) break;
    const started = performance.now();
    const matches = await engine.searchDescriptor(face.descriptor, query);
    times.push(performance.now() - started);
    if (matches[0]?.photoId === face.photoId) ownPhotoFirst++;
  }
  console.log(
    JSON.stringify({
      face_scale: {
        database: process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite',
        faces: engine.facesInMemory(eventId),
        real_faces: real.length,
        synthetic_insert_ms: round(synthetic.ms),
        matrix_load_ms: round(loadMs),
        memory_before: before,
        memory_after: after,
        matrix_mb: after.rss_mb - before.rss_mb,
        scan_ms_p50: round(median(times) * 10) / 10,
        scan_ms_max: round(Math.max(...times) * 10) / 10,
        searches: times.length,
        own_photo_first: ownPhotoFirst,
      },
    }),
  );
} finally {
  await close();
  await fs.rm(dir, { recursive: true, force: true });
}
