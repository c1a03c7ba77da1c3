// "Remove my face" through its calls, with real faces (../shared/faces) and the real models describing the selfie:
// an access from a one-time code of purpose removal, the consent to keep the face only to keep the runner out, the
// selfie; refusals for each missing piece; then undone by the runner with a code of purpose undo-removal.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAudit } from '../db/audit-repo';
import type { Db } from '../db/database';
import { insertEvent } from '../db/events-repo';
import { faceBlockOfEvent, saveFacesOfPhoto } from '../db/faces-repo';
import { insertPhotos } from '../db/photos-repo';
import { testDatabases } from '../db/test-databases';
import { selfieDescriptor } from '../faces/detect';
import { FaceIndexEngine } from '../faces/engine';
import { descriptorToBytes } from '../faces/matrix';
import { issueAccess } from '../services/privacy/access';
import { openTestApp, type TestApp } from '../test/app-fixture';
import { TEST_CONSENT } from '../test/consent';

const FACES = path.resolve(import.meta.dirname, '../../../shared/faces');
const photoBytes = (person: string, n: number) =>
  new Uint8Array(readFileSync(path.join(FACES, person, `${n}.jpg`)));
const NOW = new Date('2026-11-28T05:00:00Z');
const DAY = 86_400_000;
const MOBILE = '0812345678';

describe.each(testDatabases)('face removal calls on $name', (database) => {
  let t: TestApp;
  let db: Db;
  const whose = new Map<number, string>();

  beforeAll(async () => {
    t = await openTestApp(database, NOW);
    db = t.ctx.db;
    t.ctx.faces = new FaceIndexEngine({
      loadFaces: (eventId, afterId) => faceBlockOfEvent(db, eventId, afterId),
    });
    const eventId = await insertEvent(db, {
      event: {
        event_key: 'removal-calls-run',
        title: 'Removal calls run',
        cover_object: 'x/cover.jpg',
        event_date_text: '28 พฤศจิกายน 2569',
        eventdate: '2026-11-28',
        province: 'ภูเก็ต',
        team_key: null,
        on_sale_start: new Date(NOW.getTime() - DAY),
        on_sale_end: new Date(NOW.getTime() + 30 * DAY),
      },
    });
    let n = 0;
    for (const person of ['penny', 'amy', 'raj']) {
      for (const photo of [2, 3]) {
        const described = await selfieDescriptor(photoBytes(person, photo));
        if (described.kind !== 'face') throw new Error(`no face in ${person}/${photo}`);
        n += 1;
        const [id] = await insertPhotos(db, [
          {
            event_id: eventId,
            stage_id: null,
            original_file_name: `IMG_${n}.JPG`,
            file_name: `p${n}.jpg`,
            width: 4000,
            height: 3000,
            taken_at: NOW,
            index_error: null,
          },
        ]);
        whose.set(id as number, person);
        await saveFacesOfPhoto(db, id as number, eventId, [
          {
            box: { x: 1000, y: 800, width: 300, height: 380 },
            score: 0.9,
            descriptor: descriptorToBytes(described.face.descriptor),
          },
        ]);
      }
    }
  }, 120_000);
  afterAll(() => t.close());

  const access = (purpose: 'removal' | 'undo-removal' | 'export') =>
    issueAccess(t.ctx, { kind: 'mobile', value: MOBILE }, purpose, t.ctx.now());

  function removal(fields: Record<string, string>, file?: Uint8Array) {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    if (file) form.set('file', new File([file], 'me.jpg', { type: 'image/jpeg' }));
    return t.app.request('/api/v1/privacy/removal', { method: 'POST', body: form });
  }
  const consent = { consent_version: TEST_CONSENT.version, consent_device: TEST_CONSENT.device };

  it('refuses without an access of its purpose, without consent, without a face', async () => {
    const selfie = photoBytes('penny', 1);
    const noAccess = await removal({ access: 'x'.repeat(30), ...consent }, selfie);
    expect(noAccess.status).toBe(401);
    expect(await noAccess.json()).toMatchObject({ code: 'access-expired' });
    expect((await removal({ access: access('export'), ...consent }, selfie)).status).toBe(401);
    const noConsent = await removal({ access: access('removal') }, selfie);
    expect(noConsent.status).toBe(400);
    expect(await noConsent.json()).toMatchObject({ code: 'consent-required' });
    const noFile = await removal({ access: access('removal'), ...consent });
    expect(noFile.status).toBe(400);
    const notImage = await removal(
      { access: access('removal'), ...consent },
      new TextEncoder().encode('hello'),
    );
    expect(await notImage.json()).toMatchObject({ code: 'not-an-image' });
    const blank = new Uint8Array(
      readFileSync(path.resolve(import.meta.dirname, '../../public/icons/icon-192.png')),
    );
    const noFace = await removal({ access: access('removal'), ...consent }, blank);
    expect(noFace.status).toBe(400);
    expect(await noFace.json()).toMatchObject({ code: 'no-face' });
    expect(await db.selectFrom('face_removals').selectAll().execute()).toEqual([]);
  });

  it('takes the runner’s faces out with their selfie, and gives them back when they undo it', async () => {
    const res = await removal(
      { access: access('removal'), ...consent, language: 'en' },
      photoBytes('penny', 1),
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      body: { removal_id: number; faces_removed: number; photos: number };
    };
    expect(body.body).toMatchObject({ faces_removed: 2, photos: 2, events: 1 });
    const removed = await db.selectFrom('face_removal_photos').select('photo_id').execute();
    expect(removed.map((row) => whose.get(Number(row.photo_id)))).toEqual(['penny', 'penny']);
    const row = await db.selectFrom('face_removals').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ state: 'active', contact_masked: '08******78', language: 'en' });
    // The contact is kept only as a keyed hash.
    expect(JSON.stringify(row)).not.toContain(MOBILE);
    const consents = await db.selectFrom('face_consents').selectAll().execute();
    expect(consents).toEqual([expect.objectContaining({ purpose: 'face-removal', removal_id: row.id })]);

    expect((await t.post('/api/v1/privacy/removal/undo', { access: access('removal') })).status).toBe(401);
    const undo = await t.post('/api/v1/privacy/removal/undo', { access: access('undo-removal') });
    expect(await undo.json()).toEqual({ status: 'success', body: { undone: 1, photos: 2 } });
    const after = await db.selectFrom('face_removals').select(['state', 'undone_by', 'descriptor']).execute();
    expect(after).toEqual([{ state: 'undone', undone_by: 'runner', descriptor: null }]);
    const jobs = await db.selectFrom('jobs').select('kind').where('kind', '=', 'index-photo').execute();
    expect(jobs.length).toBe(2);
    expect((await readAudit(db)).map((entry) => entry.action)).toEqual([
      'face removal',
      'face removal undone',
    ]);
  }, 60_000);
});
