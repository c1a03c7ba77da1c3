// Runners' alerts of new photos through the API, on a real database and disk store: made with a selfie's
// face (the selfie deleted, only the descriptor kept) or a bib; photos imported later match them at indexing; one
// notification sums them up, sent to a local push service that checks the VAPID signature and decrypts it as a
// browser would (server/test/push-service.ts), or by a confirmed e-mail; at most one every ten minutes; stopped by
// the runner or by the push service; deleted with the event's photos. A stand-in engine describes selfies (the
// real detection's matching is in tests/e2e/photo-alerts.spec.ts).
import sharp from 'sharp';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertCreatedAnswerSchema, alertPushPayloadSchema } from '../../core/contract/alerts';
import { faceSearchAnswerSchema } from '../../core/contract/facesearch';
import type { Db } from '../db/database';
import { insertEvent, updateEvent } from '../db/events-repo';
import { faceBlockOfEvent, facesForGrouping, saveFacesOfPhoto } from '../db/faces-repo';
import { findJob, jobsWithPayload } from '../db/jobs-repo';
import { insertPhotos } from '../db/photos-repo';
import { testDatabases } from '../db/test-databases';
import { FaceIndexEngine, type FaceSearchEngine } from '../faces/engine';
import { FaceGrouping } from '../faces/grouping';
import { descriptorToBytes } from '../faces/matrix';
import { checkedPayload } from '../jobs/kinds';
import { purgeExpiredEvents } from '../jobs/retention';
import { jobHandlers } from '../jobs/runner';
import { ALERT_GATHER_SECONDS, matchAlerts } from '../services/alerts/match-alerts';
import { newPushKeyPair } from '../services/alerts/push-keys';
import { webPushSender } from '../services/alerts/push-sender';
import type { EmailMessage } from '../services/notify/email';
import { openTestApp, type TestApp } from '../test/app-fixture';
import { TEST_CONSENT } from '../test/consent';
import { type LocalPushService, startPushService } from '../test/push-service';

const NOW = new Date('2026-11-22T05:00:00Z');
const DAY = 86_400_000;
const MINUTE = 60_000;
/** Two runners' faces: a descriptor per selfie colour. */
const faceOf = (person: number) => Float32Array.from({ length: 128 }, (_, i) => (i === person ? 1 : 0));
const selfieOf = (colour: string) =>
  sharp({ create: { width: 200, height: 200, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
const RED = await selfieOf('#c00000');
const BLUE = await selfieOf('#0000c0');
const GREY = await selfieOf('#808080');

/** The faces stored so far: runner → their faces (photo, face id), for the stand-in's searches. */
const storedFaces = new Map<number, { photoId: number; faceId: number }[]>();

/** Red is runner 1, blue runner 2, grey has no face; a runner's search finds their stored faces, confident. */
const engine: FaceSearchEngine = {
  async searchDescriptor(descriptor) {
    const runner = Array.from(descriptor).indexOf(1);
    return (storedFaces.get(runner) ?? []).map(({ photoId, faceId }) => ({
      photoId,
      faceId,
      personId: faceId,
      distance: 0.1,
      tier: 'confident' as const,
    }));
  },
  async describe(selfie) {
    const { data } = await sharp(selfie).raw().toBuffer({ resolveWithObject: true });
    const [r, , b] = [data[0] ?? 0, data[1] ?? 0, data[2] ?? 0];
    if (r > 150) return { kind: 'face', descriptor: faceOf(1) };
    if (b > 150) return { kind: 'face', descriptor: faceOf(2) };
    return { kind: 'no-face' };
  },
};

describe.each(testDatabases)('alerts of new photos on $name', (database) => {
  let t: TestApp;
  let db: Db;
  let push: LocalPushService;
  let eventId = 0;
  let clock = NOW;
  const mails: (EmailMessage & { at: Date })[] = [];
  const keys = { ...newPushKeyPair(), subject: 'mailto:shop@runfoto.example' };

  beforeAll(async () => {
    t = await openTestApp(database, NOW);
    db = t.ctx.db;
    t.ctx.faces = engine;
    push = await startPushService();
    pushServices = [push.url];
    t.ctx.alerts = { canEmail: true, pushKeys: async () => keys, pushServices };
    const eventOf = (key: string, title: string) => ({
      event: {
        cover_object: 'x/cover.jpg',
        event_date_text: '22 พฤศจิกายน 2569',
        eventdate: '2026-11-22',
        province: 'กรุงเทพมหานคร',
        team_key: null,
        event_key: key,
        title,
        on_sale_start: new Date(NOW.getTime() - DAY),
        on_sale_end: new Date(NOW.getTime() + 30 * DAY),
        face_threshold: 0.5,
        bib_min_digits: 3,
        bib_max_digits: 5,
      },
      packages: [{ name: '1 ภาพ', name_en: '1 photo', number_of_photo: 1, price: '60' }],
    });
    eventId = await insertEvent(db, eventOf('live-run', 'Live run'));
    await insertEvent(db, eventOf('other-run', 'Other run'));
    await addPhotos(2);
    // Runner 1 (red) was photographed wearing bib 0421 before any alert.
    await photoOfRunner(1, '0421');
  });
  afterAll(async () => {
    await push.close();
    await t.close();
  });

  const setNow = (at: Date) => {
    clock = at;
    t.setNow(at);
  };
  let photoNumber = 0;
  async function addPhotos(n: number): Promise<number[]> {
    return insertPhotos(
      db,
      Array.from({ length: n }, () => {
        photoNumber += 1;
        return {
          event_id: eventId,
          stage_id: null,
          original_file_name: `IMG_${photoNumber}.JPG`,
          file_name: `p${photoNumber}.jpg`,
          width: 4000,
          height: 3000,
          taken_at: NOW,
          index_error: null,
        };
      }),
    );
  }
  /** A photo of a runner saved with their face and the bib read under it (the search's fusion reads it). */
  async function photoOfRunner(runner: number, bib: string): Promise<void> {
    const [photoId] = await addPhotos(1);
    const descriptor = new Uint8Array(512);
    const [face] = await saveFacesOfPhoto(
      db,
      photoId as number,
      eventId,
      [{ box: { x: 10, y: 10, width: 50, height: 50 }, score: 0.9, descriptor }],
      [{ face: 0, bib, confidence: 0.95, box: { x: 10, y: 70, width: 50, height: 20 } }],
    );
    storedFaces.set(runner, [
      ...(storedFaces.get(runner) ?? []),
      { photoId: photoId as number, faceId: face?.id as number },
    ]);
  }
  /** The index job's engine and grouping: the event's faces as stored, judged as its searches judge them. */
  const matcher = new FaceIndexEngine({ loadFaces: (event, after) => faceBlockOfEvent(db, event, after) });
  const grouping = new FaceGrouping((event, after) => facesForGrouping(db, event, after));
  /** A photo indexed with these faces and bibs, as the index job does it: faces grouped and stored, then matched. */
  async function indexed(faces: Float32Array[], bibs?: string[]): Promise<number> {
    const [id] = await addPhotos(1);
    const photoId = id as number;
    await grouping.group(
      eventId,
      faces.map((descriptor) => ({ photoId, descriptor })),
      (personIds) =>
        saveFacesOfPhoto(
          db,
          photoId,
          eventId,
          faces.map((face, i) => ({
            box: { x: 10 + 60 * i, y: 10, width: 50, height: 50 },
            score: 0.9,
            descriptor: descriptorToBytes(face),
            personId: personIds[i],
          })),
        ),
    );
    matcher.noteIndexed(eventId);
    await matchAlerts({ db, faces: matcher }, clock, { id: photoId, eventId, faces, bibs });
    return photoId;
  }
  async function selfieUpload(bytes: Uint8Array, eventKey = 'live-run') {
    const signed = (await (
      await t.post('/api/v2/facesearch/sign', {
        event_key: eventKey,
        file_name: 'me.jpg',
        file_type: 'image/jpeg',
        consent: TEST_CONSENT,
      })
    ).json()) as { url: string; search_id: string; file_location: string };
    const put = await t.app.request(signed.url, {
      method: 'PUT',
      headers: { 'content-type': 'image/jpg' },
      body: bytes,
    });
    expect(put.status).toBe(200);
    return { search_id: signed.search_id, file_location: signed.file_location, consent: TEST_CONSENT };
  }
  /** The push services the job's sender takes (PUSH_SERVICES): the local one. */
  let pushServices: readonly string[] = [];
  /** A search of the event by this (in-process) client, as a runner's page makes before asking to be told. */
  async function search(eventKey = 'live-run') {
    const upload = await selfieUpload(BLUE, eventKey);
    const answer = await t.post('/api/v2/facesearch', { ...upload, event_key: eventKey });
    expect(answer.status).toBe(200);
  }
  const handlers = () =>
    jobHandlers({
      db,
      store: t.store,
      now: () => clock,
      notifier: {
        baseUrl: 'https://photos.example',
        retentionDays: 35,
        email: {
          async send(message) {
            mails.push({ ...message, at: clock });
            return { messageId: String(mails.length) };
          },
          close() {},
        },
      },
      push: webPushSender(async () => keys, pushServices),
    });
  /** Runs the alert jobs due now, as the job runner would; answers their results. */
  async function runAlertJobs(): Promise<unknown[]> {
    const results: unknown[] = [];
    const rows = await db
      .selectFrom('jobs')
      .selectAll()
      .where('kind', 'in', ['send-alert', 'send-alert-confirmation'])
      .where('state', '=', 'queued')
      .where('run_after', '<=', clock)
      .orderBy('id')
      .execute();
    const alertHandlers = handlers();
    for (const job of rows) {
      const result =
        job.kind === 'send-alert'
          ? await alertHandlers['send-alert'](checkedPayload('send-alert', job.payload), job)
          : await alertHandlers['send-alert-confirmation'](
              checkedPayload('send-alert-confirmation', job.payload),
              job,
            );
      await db.updateTable('jobs').set({ state: 'done' }).where('id', '=', job.id).execute();
      results.push(result);
    }
    return results;
  }
  const pushed = (from = 0) =>
    push.messages.slice(from).map((m) => v.parse(alertPushPayloadSchema, JSON.parse(m.payload)));

  it('a selfie’s face is kept (never the selfie); new photos of it are told in one push message', async () => {
    setNow(NOW);
    const subscription = push.subscribe();
    const upload = await selfieUpload(RED);
    const made = await t.post('/api/v1/alerts', {
      event_key: 'live-run',
      ...upload,
      language: 'en',
      push: subscription,
    });
    expect(made.status).toBe(200);
    const answer = v.parse(alertCreatedAnswerSchema, await made.json());
    expect(answer.body.alert).toEqual({
      event_key: 'live-run',
      title: 'Live run',
      channel: 'push',
      state: 'active',
      bib: null,
      face: true,
      email: null,
      photos: 0,
    });
    // The selfie is gone; only the face's descriptor is kept.
    expect(await t.store.exists(upload.file_location)).toBe(false);
    const row = await db.selectFrom('photo_alerts').selectAll().executeTakeFirstOrThrow();
    expect(row.descriptor?.length).toBe(512);
    // The same upload cannot be used twice.
    expect(
      (
        await t.post('/api/v1/alerts', {
          event_key: 'live-run',
          ...upload,
          language: 'en',
          push: subscription,
        })
      ).status,
    ).toBe(410);

    // Photos before the alert never match; three new ones of runner 1 and one of runner 2 arrive.
    const before = push.messages.length;
    await indexed([faceOf(1), faceOf(2)]);
    await indexed([faceOf(2)]);
    await indexed([faceOf(1)]);
    await indexed([faceOf(3), faceOf(1)]);
    const [job] = await jobsWithPayload(db, 'send-alert', {});
    // One notification queued, a minute after the first match: the burst is told together.
    expect(await jobsWithPayload(db, 'send-alert', {})).toHaveLength(1);
    expect(new Date((await findJob(db, job?.id as number))?.run_after as Date).getTime()).toBe(
      NOW.getTime() + ALERT_GATHER_SECONDS * 1000,
    );
    expect(await runAlertJobs()).toEqual([]);
    setNow(new Date(NOW.getTime() + 2 * MINUTE));
    expect(await runAlertJobs()).toEqual([{ alert_id: row.id, told: 3, channel: 'push' }]);
    expect(push.refused).toEqual([]);
    expect(pushed(before)).toEqual([
      {
        title: '3 new photos of you at Live run',
        body: 'Tap to see them',
        url: `/live-run?alert=${answer.body.token}`,
        tag: `photo-alert-${row.id}`,
        photos: 3,
      },
    ]);
    const message = push.messages.at(-1);
    expect(message?.serverKey).toBe(keys.publicKey);
    expect(message?.claims.sub).toBe('mailto:shop@runfoto.example');
    expect(message?.ttl).toBeGreaterThan(3600);

    // The tap opens the event with the alert's photos, newest first, as a search's answer.
    const photos = await t.app.request(`/api/v1/alerts/${answer.body.token}/photos`);
    const shown = v.parse(faceSearchAnswerSchema, await photos.json());
    expect(shown.image_length).toBe(3);
    expect(shown.images.map((i) => i.original_file_name)).toEqual(['IMG_7.JPG', 'IMG_6.JPG', 'IMG_4.JPG']);

    // Another photo two minutes later: told, but not before ten minutes after the last message.
    await indexed([faceOf(1)]);
    setNow(new Date(NOW.getTime() + 5 * MINUTE));
    expect(await runAlertJobs()).toEqual([]);
    setNow(new Date(NOW.getTime() + 12 * MINUTE + 1000));
    expect(await runAlertJobs()).toEqual([{ alert_id: row.id, told: 1, channel: 'push' }]);
    expect(pushed(before).map((p) => p.title)).toEqual([
      '3 new photos of you at Live run',
      '1 new photo of you at Live run',
    ]);

    // Stopped by the runner: nothing more, and it says so.
    const stopped = await t.post(`/api/v1/alerts/${answer.body.token}/stop`, {});
    expect(((await stopped.json()) as { body: unknown }).body).toMatchObject({ state: 'stopped', photos: 4 });
    // What found and reached the runner is deleted with it.
    expect(
      await db
        .selectFrom('photo_alerts')
        .select(['descriptor', 'bib', 'push_endpoint', 'push_p256dh', 'push_auth', 'email'])
        .where('id', '=', row.id)
        .executeTakeFirst(),
    ).toEqual({
      descriptor: null,
      bib: null,
      push_endpoint: null,
      push_p256dh: null,
      push_auth: null,
      email: null,
    });
    await indexed([faceOf(1)]);
    setNow(new Date(NOW.getTime() + 30 * MINUTE));
    expect(await runAlertJobs()).toEqual([]);
    expect(pushed(before)).toHaveLength(2);
  });

  it('a bib alert in Thai, with the selfie that shows it; a subscription the push service says is gone stops the alert', async () => {
    setNow(new Date(NOW.getTime() + 60 * MINUTE));
    const subscription = push.subscribe();
    const made = await t.post('/api/v1/alerts', {
      event_key: 'live-run',
      ...(await selfieUpload(RED)),
      bib: '๐๔๒๑',
      language: 'th',
      push: subscription,
    });
    const answer = v.parse(alertCreatedAnswerSchema, await made.json());
    expect(answer.body.alert).toMatchObject({ bib: '0421', face: true, state: 'active' });
    const before = push.messages.length;
    await indexed([faceOf(4)], ['0421', '77']);
    await indexed([faceOf(4)], ['77']);
    setNow(new Date(clock.getTime() + 2 * MINUTE));
    await runAlertJobs();
    expect(pushed(before).map((p) => p.title)).toEqual(['ภาพใหม่ของคุณ 1 ภาพ ที่งาน Live run']);
    expect(pushed(before)[0]?.body).toBe('แตะเพื่อดูภาพใหม่');

    push.expire(subscription.endpoint);
    await indexed([], ['0421']);
    setNow(new Date(clock.getTime() + 15 * MINUTE));
    expect(await runAlertJobs()).toEqual([
      { alert_id: expect.any(Number), skipped: 'the push subscription is gone' },
    ]);
    const state = await t.app.request(`/api/v1/alerts/${answer.body.token}`);
    expect(((await state.json()) as { body: unknown }).body).toMatchObject({ state: 'stopped' });
  });

  it('an e-mail alert tells nothing until its address is confirmed by the link in the mail', async () => {
    setNow(new Date(NOW.getTime() + 3 * 60 * MINUTE));
    // Only after a search of the event by the same client.
    const unsearched = await t.post('/api/v1/alerts', {
      event_key: 'other-run',
      ...(await selfieUpload(BLUE, 'other-run')),
      language: 'th',
      email: 'runner.two@example.com',
    });
    expect(unsearched.status).toBe(400);
    expect(await unsearched.json()).toMatchObject({
      code: 'search-first',
      message_th: 'กรุณาค้นหาภาพของคุณในงานนี้ก่อน แล้วจึงขอรับแจ้งเมื่อมีภาพใหม่',
    });
    await search('live-run');
    await search('other-run');
    const upload = await selfieUpload(BLUE);
    const made = await t.post('/api/v1/alerts', {
      event_key: 'live-run',
      ...upload,
      language: 'en',
      email: ' runner.two@example.com ',
    });
    const created = await made.json();
    expect(made.status, JSON.stringify(created)).toBe(200);
    const answer = v.parse(alertCreatedAnswerSchema, created);
    expect(answer.body.alert).toMatchObject({
      channel: 'email',
      state: 'awaiting-confirmation',
      email: 'r****@example.com',
    });
    await runAlertJobs();
    const confirm = mails.at(-1);
    expect(confirm?.to).toBe('runner.two@example.com');
    expect(confirm?.subject).toBe('Confirm your e-mail to hear about new photos of you — Live run');
    const secret = /alert_confirm=([A-Za-z0-9_-]{32})/.exec(confirm?.text ?? '')?.[1] as string;
    expect(confirm?.text).toContain(`https://photos.example/live-run?alert_confirm=${secret}`);
    // The confirmation secret is not the token, and only its hash is kept.
    expect(secret).not.toBe(answer.body.token);
    expect(
      JSON.stringify(await db.selectFrom('photo_alerts').select('confirm_sha256').execute()),
    ).not.toContain(secret);

    // Unconfirmed: a photo of runner 2 is not told.
    const mailsBefore = mails.length;
    await indexed([faceOf(2)]);
    setNow(new Date(clock.getTime() + 2 * MINUTE));
    expect(await runAlertJobs()).toEqual([]);
    const confirmed = await t.post('/api/v1/alerts/confirm', { secret });
    expect(((await confirmed.json()) as { body: unknown }).body).toMatchObject({ state: 'active' });
    await indexed([faceOf(2)]);
    await indexed([faceOf(2)]);
    setNow(new Date(clock.getTime() + 2 * MINUTE));
    await runAlertJobs();
    expect(mails.slice(mailsBefore).map((m) => [m.to, m.subject])).toEqual([
      ['runner.two@example.com', '2 new photos of you at Live run'],
    ]);
    expect(mails.at(-1)?.text).toContain(`https://photos.example/live-run?alert=${answer.body.token}`);

    // Three confirmation e-mails a day for one address at most, however it is written, at every event.
    const emailAlert = async (email: string, eventKey = 'live-run') =>
      t.post('/api/v1/alerts', {
        event_key: eventKey,
        ...(await selfieUpload(BLUE, eventKey)),
        language: 'en',
        email,
      });
    expect((await emailAlert('RUNNER.two@example.com')).status).toBe(200);
    expect((await emailAlert('runner.two@example.com ', 'other-run')).status).toBe(200);
    for (const address of ['runner.two@example.com', 'Runner.Two@Example.COM', ' runner.two@EXAMPLE.com']) {
      const refused = await emailAlert(address, address.startsWith(' ') ? 'other-run' : 'live-run');
      expect(refused.status, address).toBe(429);
      expect(await refused.json()).toMatchObject({
        code: 'too-many-alerts',
        message_th: 'อีเมลนี้ได้รับอีเมลยืนยันครบจำนวนของวันนี้แล้ว กรุณาลองใหม่พรุ่งนี้',
      });
    }
    // A day later the address may be asked for again; the log forgets what is older.
    setNow(new Date(clock.getTime() + DAY + MINUTE));
    expect((await emailAlert('runner.two@example.com')).status).toBe(200);
    expect(await db.selectFrom('alert_mail_log').select('id').execute()).toHaveLength(1);
    // Five at once for another address: three confirmations, however the requests interleave.
    const uploads = [];
    for (let i = 0; i < 5; i++) uploads.push(await selfieUpload(BLUE));
    const burst = await Promise.all(
      uploads.map((upload) =>
        t.post('/api/v1/alerts', {
          event_key: 'live-run',
          ...upload,
          language: 'en',
          email: 'burst@example.com',
        }),
      ),
    );
    expect(burst.map((r) => r.status).sort()).toEqual([200, 200, 200, 429, 429]);
    expect(await db.selectFrom('alert_mail_log').select('id').execute()).toHaveLength(4);
    // Only a keyed hash of the address is kept in the log.
    expect(JSON.stringify(await db.selectFrom('alert_mail_log').selectAll().execute())).not.toContain(
      'runner',
    );
  });

  it('refuses what cannot be an alert, in Thai and English, and changes nothing', async () => {
    const before = await db.selectFrom('photo_alerts').select('id').execute();
    const subscription = push.subscribe();
    const refusals: [unknown, number, string][] = [
      [{ event_key: 'live-run', language: 'en', push: subscription }, 400, 'alert-needs-selfie'],
      [{ event_key: 'live-run', bib: '1234', language: 'en' }, 400, 'alert-channel'],
      [
        { event_key: 'live-run', bib: '1234', language: 'en', push: subscription, email: 'a@b.co' },
        400,
        'alert-channel',
      ],
      [{ event_key: 'live-run', bib: '12', language: 'en', push: subscription }, 400, 'bad-bib'],
      // A bib alone follows whoever wears it: it needs the asker's selfie, whose photos show that bib.
      [{ event_key: 'live-run', bib: '0421', language: 'en', push: subscription }, 400, 'bib-needs-selfie'],
      [
        {
          event_key: 'live-run',
          ...(await selfieUpload(BLUE)),
          bib: '0421',
          language: 'en',
          push: subscription,
        },
        400,
        'bib-not-shown',
      ],
      [
        {
          event_key: 'live-run',
          ...(await selfieUpload(RED)),
          bib: '0999',
          language: 'en',
          push: subscription,
        },
        400,
        'bib-not-shown',
      ],
      [{ event_key: 'no-such-run', bib: '1234', language: 'en', push: subscription }, 404, 'event-not-found'],
      [
        { event_key: 'live-run', ...(await selfieUpload(GREY)), language: 'en', push: subscription },
        400,
        'no-face',
      ],
    ];
    for (const [body, status, code] of refusals) {
      const answer = await t.post('/api/v1/alerts', body);
      expect(answer.status, JSON.stringify(body)).toBe(status);
      expect(await answer.json(), JSON.stringify(body)).toMatchObject({ code });
    }
    // Malformed: a push endpoint that is not https, keys that are not keys, an e-mail that is not one.
    for (const body of [
      {
        event_key: 'live-run',
        bib: '1234',
        language: 'en',
        push: { ...subscription, endpoint: 'http://evil.example/x' },
      },
      {
        event_key: 'live-run',
        bib: '1234',
        language: 'en',
        push: { ...subscription, keys: { p256dh: 'x', auth: 'y' } },
      },
      { event_key: 'live-run', bib: '1234', language: 'en', email: 'not-an-email' },
      { event_key: 'live-run', bib: '1234', language: 'en', email: '' },
      { event_key: 'live-run', bib: '1234', language: 'en', email: '   ' },
      { event_key: 'live-run', bib: '1234', language: 'fr', push: subscription },
    ]) {
      expect((await t.post('/api/v1/alerts', body)).status, JSON.stringify(body)).toBe(400);
    }
    // A store that sends no e-mail offers none.
    t.ctx.alerts = { canEmail: false, pushKeys: async () => keys, pushServices };
    const noMail = await t.post('/api/v1/alerts', {
      event_key: 'live-run',
      bib: '1234',
      language: 'th',
      email: 'a@b.co',
    });
    expect(await noMail.json()).toMatchObject({
      code: 'no-email',
      message_th: 'ร้านนี้ไม่ได้ส่งอีเมล กรุณาเปิดการแจ้งเตือนแทน',
    });
    t.ctx.alerts = { canEmail: true, pushKeys: async () => keys, pushServices };
    expect(await db.selectFrom('photo_alerts').select('id').execute()).toEqual(before);
    // Tokens: unknown 404, malformed 400.
    expect((await t.app.request('/api/v1/alerts/abcdefghijklmnopqrstuvwxyz012345')).status).toBe(404);
    expect((await t.app.request('/api/v1/alerts/short')).status).toBe(400);
    expect(
      (await t.post('/api/v1/alerts/confirm', { secret: 'abcdefghijklmnopqrstuvwxyz012345' })).status,
    ).toBe(404);
    // The push key is the store's.
    const key = await (await t.app.request('/api/v1/alerts/push-key')).json();
    expect(key).toEqual({ status: 'success', body: { public_key: keys.publicKey } });
  });

  it('a push endpoint that is not a push service the store knows is refused, and never contacted', async () => {
    const before = await db.selectFrom('photo_alerts').select('id').execute();
    const { keys: subscriptionKeys } = push.subscribe();
    const port = new URL(push.url).port;
    for (const endpoint of [
      'https://evil.example/x',
      'https://127.0.0.1:8443/x',
      `http://localhost:${port}/push/x`,
      `http://127.0.0.1:${Number(port) + 1}/push/x`,
      'http://169.254.169.254/latest/meta-data/',
      'https://[::1]/x',
      'https://fcm.googleapis.com.evil.example/fcm/send/x',
    ]) {
      const answer = await t.post('/api/v1/alerts', {
        event_key: 'live-run',
        ...(await selfieUpload(RED)),
        language: 'th',
        push: { endpoint, keys: subscriptionKeys },
      });
      expect(answer.status, endpoint).toBe(400);
      expect(await answer.json(), endpoint).toMatchObject({
        code: 'push-endpoint-refused',
        message_th: expect.stringContaining('ใช้การแจ้งเตือนของเบราว์เซอร์นี้ไม่ได้'),
      });
    }
    expect(await db.selectFrom('photo_alerts').select('id').execute()).toEqual(before);

    // Made while the local service was allowed; PUSH_SERVICES no longer names it when the photos come: the alert
    // stops and the service is not contacted.
    setNow(new Date(NOW.getTime() + 6 * 60 * MINUTE));
    const made = await t.post('/api/v1/alerts', {
      event_key: 'live-run',
      ...(await selfieUpload(RED)),
      language: 'en',
      push: push.subscribe(),
    });
    const answer = v.parse(alertCreatedAnswerSchema, await made.json());
    const sent = push.messages.length;
    await indexed([faceOf(1)]);
    setNow(new Date(clock.getTime() + 2 * MINUTE));
    pushServices = [];
    try {
      expect(await runAlertJobs()).toContainEqual({
        alert_id: expect.any(Number),
        skipped: 'the push endpoint is not one this store sends to',
      });
    } finally {
      pushServices = [push.url];
    }
    expect(push.messages.length).toBe(sent);
    const state = await t.app.request(`/api/v1/alerts/${answer.body.token}`);
    expect(((await state.json()) as { body: unknown }).body).toMatchObject({ state: 'stopped' });
  });

  it('alerts are deleted with the event’s photos', async () => {
    expect(
      (await db.selectFrom('photo_alerts').select('id').where('event_id', '=', eventId).execute()).length,
    ).toBeGreaterThan(0);
    await updateEvent(db, eventId, { eventdate: '2026-01-01', retention_days: 1 });
    await purgeExpiredEvents({ db, store: t.store, now: () => NOW });
    expect(
      await db.selectFrom('photo_alerts').select('id').where('event_id', '=', eventId).execute(),
    ).toEqual([]);
    expect(await db.selectFrom('photo_alert_matches').select('photo_id').execute()).toEqual([]);
  });
});
