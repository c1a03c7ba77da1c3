// Finisher cards through the API on a real database: only for a paid order's photo, for a bib the photo shows (the
// one read in it with a result, or one typed that it shows), answered as a short-lived signed address that draws the
// card (a JPEG of the format asked) when fetched; refused, with the reason, for everything else.
import sharp from 'sharp';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  finisherCardAnswerSchema,
  finisherPageAnswerSchema,
  finisherPageSchema,
} from '../../core/contract/finisher-card';
import { saveFacesOfPhoto } from '../db/faces-repo';
import { replaceResults } from '../db/results-repo';
import { testDatabases } from '../db/test-databases';
import { descriptorToBytes } from '../faces/matrix';
import { remakeBlurred } from '../jobs/remake-blurred';
import { deleteFinisherPagesOfEvent } from '../services/finisher-pages';
import { refundOrder } from '../services/payments/refund';
import { at, orderFixture } from '../test/order-fixtures';

describe.each(testDatabases)('finisher cards on $name', (database) => {
  const f = orderFixture(database);
  /** Orders of one photo each: paid-1 (bib 1234 read), paid-2 (1234 and 5678), paid-3 (none), paid-4 (9999). */
  const orders: string[] = [];

  const ask = async (body: object) => {
    const res = await f.post('/api/v1/orders/card', { format: 'feed', language: 'th', ...body });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  const fetchCard = (url: string) => f.t.app.request(`/api${url}`);
  const paid = (uuid: string) =>
    f.db.updateTable('orders').set({ payment_status: 'PAID' }).where('order_id', '=', uuid).execute();

  beforeAll(async () => {
    const eventId = f.eventIds.paid as number;
    const result = (bib: string, name: string, place: number) => ({
      bib,
      name,
      category: '10K',
      status: 'finished' as const,
      gun_ms: 3_000_000 + place * 1000,
      chip_ms: 2_990_000 + place * 1000,
      finish_at: null,
      place,
      category_place: place,
    });
    await replaceResults(f.db, eventId, [result('1234', 'สมชาย ใจดี', 1), result('5678', 'Anna Rose', 2)]);
    const face = {
      box: { x: 40, y: 10, width: 30, height: 36 },
      score: 0.9,
      descriptor: descriptorToBytes(new Float32Array(128)),
    };
    const read = (bib: string) => ({
      face: 0,
      bib,
      confidence: 0.97,
      box: { x: 40, y: 50, width: 30, height: 12 },
    });
    const reads: [number, string[]][] = [
      [0, ['1234']],
      [1, ['1234', '5678']],
      [2, []],
      [3, ['9999']],
    ];
    for (const [i, bibs] of reads)
      await saveFacesOfPhoto(
        f.db,
        f.photos.paid?.[i] as number,
        eventId,
        [face],
        bibs.map((b) => read(b)),
      );
    for (const i of [0, 1, 2, 3]) orders.push(await f.create(f.order({ imageList: [f.item('paid', i)] })));
  });

  it('is refused for an order not paid, an unknown order and a photo not in the order', async () => {
    const [first = ''] = orders;
    // The order's page offers cards only once it is paid (the event has results).
    expect((await f.inquire(first)).finisher_cards).toBeUndefined();
    expect(await ask({ order_uuid: first, photo_id: f.photos.paid?.[0] })).toMatchObject({
      status: 409,
      body: { code: 'finisher-not-paid', message_th: 'ทำการ์ดนักวิ่งได้จากรูปในคำสั่งซื้อที่ชำระเงินแล้วเท่านั้น' },
    });
    await paid(first);
    expect((await f.inquire(first)).finisher_cards).toBe('Y');
    expect(
      await ask({ order_uuid: '00000000-0000-4000-8000-000000000000', photo_id: f.photos.paid?.[0] }),
    ).toMatchObject({ status: 404, body: { field: 'order_uuid' } });
    expect(await ask({ order_uuid: first, photo_id: f.photos.paid?.[1] })).toMatchObject({
      status: 404,
      body: { field: 'photo_id' },
    });
    for (const bad of [
      { format: 'square' },
      { language: 'de' },
      { bib: 'abc' },
      { photo_id: -1 },
      { order_uuid: 'x' },
    ])
      expect(
        (await ask({ order_uuid: first, photo_id: f.photos.paid?.[0], ...bad })).status,
        JSON.stringify(bad),
      ).toBe(400);
  });

  it("makes the card of the photo's bib: a signed address that draws a JPEG of the format asked", async () => {
    const [first = ''] = orders;
    await paid(first);
    const feed = await ask({ order_uuid: first, photo_id: f.photos.paid?.[0] });
    expect(feed.status).toBe(200);
    const answer = v.parse(finisherCardAnswerSchema, feed.body);
    expect(answer).toMatchObject({ bib: '1234', file_name: 'finisher-paid-1234-feed.jpg' });
    const card = await fetchCard(answer.url);
    expect(card.status).toBe(200);
    expect(card.headers.get('content-type')).toBe('image/jpeg');
    expect(card.headers.get('cache-control')).toBe('private, no-store');
    const meta = await sharp(Buffer.from(await card.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1080, 1350]);
    const story = v.parse(
      finisherCardAnswerSchema,
      (
        await ask({
          order_uuid: first,
          photo_id: f.photos.paid?.[0],
          format: 'story',
          language: 'en',
          bib: '1234',
        })
      ).body,
    );
    const storyMeta = await sharp(Buffer.from(await (await fetchCard(story.url)).arrayBuffer())).metadata();
    expect([storyMeta.width, storyMeta.height]).toEqual([1080, 1920]);
  }, 60_000);

  it("lays the event's frame over the card, and makes it without one the store has lost", async () => {
    const [first = ''] = orders;
    await paid(first);
    const frame = await sharp({
      create: { width: 1080, height: 1350, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .composite([
        {
          input: Buffer.from(
            '<svg xmlns="http://www.w3.org/2000/svg" width="1080" height="1350"><rect width="1080" height="120" fill="#e11d48"/></svg>',
          ),
          left: 0,
          top: 0,
        },
      ])
      .png()
      .toBuffer();
    const key = 'paid/card-frame-test.png';
    await f.t.store.put(key, frame, 'image/png');
    await f.db
      .updateTable('events')
      .set({ card_frame: key })
      .where('event_id', '=', f.eventIds.paid as number)
      .execute();
    /** The share of the story card's top 100 rows that are the frame's red. */
    const redAtTop = async () => {
      const answer = v.parse(
        finisherCardAnswerSchema,
        (await ask({ order_uuid: first, photo_id: f.photos.paid?.[0], format: 'story' })).body,
      );
      const card = Buffer.from(await (await fetchCard(answer.url)).arrayBuffer());
      const { data } = await sharp(card)
        .extract({ left: 0, top: 0, width: 1080, height: 100 })
        .raw()
        .toBuffer({ resolveWithObject: true });
      let red = 0;
      for (let i = 0; i < data.length; i += 3)
        if ((data[i] as number) > 190 && (data[i + 1] as number) < 60 && (data[i + 2] as number) < 90) red++;
      return red / (data.length / 3);
    };
    try {
      expect(await redAtTop()).toBeGreaterThan(0.95);
      await f.t.store.delete(key);
      expect(await redAtTop()).toBeLessThan(0.01);
    } finally {
      await f.db
        .updateTable('events')
        .set({ card_frame: null })
        .where('event_id', '=', f.eventIds.paid as number)
        .execute();
    }
  }, 60_000);

  it('asks for the bib when the photo shows several or none, and takes only one the photo shows', async () => {
    const [, second = '', third = '', fourth = ''] = orders;
    for (const uuid of [second, third, fourth]) await paid(uuid);
    expect(await ask({ order_uuid: second, photo_id: f.photos.paid?.[1] })).toMatchObject({
      status: 400,
      body: { field: 'bib', code: 'finisher-bib-needed', message_th: 'กรุณากรอกหมายเลขบิบของคุณ' },
    });
    expect(await ask({ order_uuid: second, photo_id: f.photos.paid?.[1], bib: '5678' })).toMatchObject({
      status: 200,
      body: { bib: '5678' },
    });
    expect(await ask({ order_uuid: third, photo_id: f.photos.paid?.[2] })).toMatchObject({
      status: 400,
      body: { code: 'finisher-bib-needed' },
    });
    expect(await ask({ order_uuid: third, photo_id: f.photos.paid?.[2], bib: '1234' })).toMatchObject({
      status: 400,
      body: { field: 'bib', code: 'finisher-bib-not-in-photo' },
    });
    // A bib read in the photo that the results do not have.
    expect(await ask({ order_uuid: fourth, photo_id: f.photos.paid?.[3], bib: '9999' })).toMatchObject({
      status: 404,
      body: { code: 'finisher-no-result' },
    });
  });

  it('makes a public finisher page only when asked: the card kept, a link preview, removable with its secret', async () => {
    const [first = '', second = ''] = orders;
    await paid(first);
    await paid(second);
    const request = { order_uuid: second, photo_id: f.photos.paid?.[1], bib: '5678', language: 'en' };
    const made = await f.post('/api/v1/orders/card/page', request);
    expect(made.status).toBe(200);
    const answer = v.parse(finisherPageAnswerSchema, await made.json());
    expect(answer.url).toBe(`/paid/finisher/${answer.code}`);
    expect(answer.remove_url).toMatch(new RegExp(`^/paid/finisher/${answer.code}#remove=[\\w-]{43}$`));
    // Asking again answers the same page.
    expect(await (await f.post('/api/v1/orders/card/page', request)).json()).toEqual(answer);
    // Only for a bib the photo shows, as a card.
    expect((await f.post('/api/v1/orders/card/page', { ...request, bib: '9999' })).status).toBe(400);

    const read = (event = 'paid', code = answer.code) => f.t.app.request(`/api/v1/finisher/${event}/${code}`);
    const page = v.parse(finisherPageSchema, await (await read()).json());
    expect(page).toMatchObject({ event_key: 'paid', headline: 'Anna Rose · 0:49:52', language: 'en' });
    expect(JSON.stringify(page)).not.toMatch(/08\d{8}|@/);
    const image = async (url: string) =>
      sharp(Buffer.from(await (await f.t.app.request(url)).arrayBuffer())).metadata();
    expect([(await image(page.card_url)).width, (await image(page.card_url)).height]).toEqual([1080, 1350]);
    // Asked for again each time: once removed, no cache keeps showing it.
    expect((await f.t.app.request(page.card_url)).headers.get('cache-control')).toBe('public, no-cache');
    expect([(await image(page.preview_url)).width, (await image(page.preview_url)).height]).toEqual([
      1200, 630,
    ]);
    expect(await (await read('keep')).json()).toMatchObject({ code: 'finisher-page-not-found' });
    expect((await read('paid', 'not-a-code')).status).toBe(400);

    const secret = answer.remove_url.split('#remove=')[1] ?? '';
    const remove = (body: object) => f.post('/api/v1/finisher/remove', body);
    expect(await (await remove({ code: answer.code, secret: 'x'.repeat(43) })).json()).toMatchObject({
      code: 'finisher-page-secret-wrong',
    });
    expect((await remove({ code: answer.code, secret })).status).toBe(200);
    expect((await read()).status).toBe(404);
    expect((await f.t.app.request(page.card_url)).status).toBe(404);
    expect((await remove({ code: answer.code, secret })).status).toBe(404);

    // A refund removes the order's pages at once, their images too.
    const again = v.parse(
      finisherPageAnswerSchema,
      await (await f.post('/api/v1/orders/card/page', request)).json(),
    );
    expect(again.code).not.toBe(answer.code);
    const againCard = v.parse(finisherPageSchema, await (await read('paid', again.code)).json()).card_url;
    expect(await refundOrder(f.t.ctx, second, 'changed their mind')).toBe('refunded');
    expect((await f.t.app.request(againCard)).status).toBe(404);
    const rows = (code: string) =>
      f.db.selectFrom('finisher_pages').select('code').where('code', '=', code).execute();
    expect(await rows(again.code)).toEqual([]);
    // A page whose order's photos have expired is gone when next asked for; an event's pages go with its photos.
    const makeFirst = async () =>
      v.parse(
        finisherPageAnswerSchema,
        await (
          await f.post('/api/v1/orders/card/page', {
            order_uuid: first,
            photo_id: f.photos.paid?.[0],
            language: 'th',
          })
        ).json(),
      );
    const expiring = await makeFirst();
    f.t.setNow(new Date(at(0).getTime() + 400 * 86_400_000));
    try {
      expect((await read('paid', expiring.code)).status).toBe(404);
    } finally {
      f.t.setNow(at(0));
    }
    expect(await rows(expiring.code)).toEqual([]);
    const kept = await makeFirst();
    expect(await deleteFinisherPagesOfEvent(f.t.ctx, f.eventIds.paid as number)).toBe(1);
    expect((await read('paid', kept.code)).status).toBe(404);
  }, 60_000);

  it("takes a photo's public pages down when a runner in it has their face removed, and makes none of it since", async () => {
    const [first = ''] = orders;
    await paid(first);
    const photoId = f.photos.paid?.[0] as number;
    const page = v.parse(
      finisherPageAnswerSchema,
      await (
        await f.post('/api/v1/orders/card/page', { order_uuid: first, photo_id: photoId, language: 'en' })
      ).json(),
    );
    const removal = await f.db
      .insertInto('face_removals')
      .values({ descriptor: null, contact_key: 'k', contact_masked: 'r***@x', state: 'active' })
      .returning('id')
      .executeTakeFirstOrThrow();
    try {
      await f.db
        .insertInto('face_removal_photos')
        .values({ removal_id: removal.id, photo_id: photoId, box_x: 40, box_y: 10, box_w: 30, box_h: 36 })
        .execute();
      await remakeBlurred(f.t.ctx, photoId);
      expect(
        await f.db.selectFrom('finisher_pages').select('code').where('code', '=', page.code).execute(),
      ).toEqual([]);
      expect((await f.t.app.request(`/api/v1/finisher/paid/${page.code}`)).status).toBe(404);
      expect(
        await (
          await f.post('/api/v1/orders/card/page', { order_uuid: first, photo_id: photoId, language: 'en' })
        ).json(),
      ).toMatchObject({ code: 'finisher-page-face-removed' });
      // Its buyer still makes the card itself, a file of their own.
      expect((await ask({ order_uuid: first, photo_id: photoId })).status).toBe(200);
    } finally {
      await f.db.deleteFrom('face_removal_photos').where('removal_id', '=', removal.id).execute();
      await f.db.deleteFrom('face_removals').where('id', '=', removal.id).execute();
    }
  }, 60_000);

  it('refuses an address that was changed, has expired, or whose order was refunded since', async () => {
    const [first = ''] = orders;
    await paid(first);
    const { url } = v.parse(
      finisherCardAnswerSchema,
      (await ask({ order_uuid: first, photo_id: f.photos.paid?.[0] })).body,
    );
    const [payload = '', sig = ''] = (url.split('/').at(-1) ?? '').split('.');
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), b: '5678' }),
    ).toString('base64url');
    expect((await fetchCard(url.replace(payload, forged))).status).toBe(410);
    expect((await fetchCard(url.replace(sig, 'x'.repeat(43)))).status).toBe(410);
    expect((await fetchCard('/v1/orders/card/nonsense')).status).toBe(410);
    f.t.setNow(new Date(at(0).getTime() + 11 * 60_000));
    try {
      expect(await (await fetchCard(url)).json()).toMatchObject({ code: 'finisher-card-expired' });
    } finally {
      f.t.setNow(at(0));
    }
    await f.db
      .updateTable('orders')
      .set({ refunded_at: at(0) })
      .where('order_id', '=', first)
      .execute();
    expect((await fetchCard(url)).status).toBe(409);
  });
});
