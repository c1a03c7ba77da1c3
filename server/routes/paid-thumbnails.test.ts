// Integration: a paid order's page shows the buyer's own thumbnails, without the public mark. The API
// gives them to whoever holds the order's address, once paid; never for an unpaid, refunded or other order's photo,
// and nothing a caller sends makes a 5xx.
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { photoObjectKeys } from '../../core/contract/photos';
import { testDatabases } from '../db/test-databases';
import { refundOrder } from '../services/payments/refund';
import { markPaidByOperator } from '../services/payments/settle';
import type { TestApp } from '../test/app-fixture';
import { orderFixture } from '../test/order-fixtures';

describe.each(testDatabases)('paid thumbnails on $name', (database) => {
  const fixture = orderFixture(database);
  const { photos, item, order, create } = fixture;
  let t: TestApp;
  beforeAll(() => {
    t = fixture.t;
  });
  const thumbnail = (uuid: string, photoId: number | string) =>
    t.app.request(`/api/v1/order/${uuid}/thumbnail/${photoId}`);

  it('answers 404 before payment, the unmarked thumbnail once paid (made by the delivery job), 404 once refunded', async () => {
    const uuid = await create(order({ imageList: [item('paid', 1)], amount: '63.00' }));
    const photoId = photos.paid?.[1] as number;
    expect((await thumbnail(uuid, photoId)).status).toBe(404);

    expect(await markPaidByOperator(t.ctx, uuid, { paymentRef: 'SLIP-1', note: '' })).toBe('paid');
    await fixture.drainJobs();
    expect(await t.store.exists(photoObjectKeys('paid', 'paid-2.jpg').paidThumbnail)).toBe(true);
    const res = await thumbnail(uuid, photoId);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('cache-control')).toBe('private, max-age=86400');
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 120, 80]);

    expect(await refundOrder(t.ctx, uuid, 'test')).toBe('refunded');
    expect((await thumbnail(uuid, photoId)).status).toBe(404);
  });

  it('makes a missing one on first look (an order paid before they existed)', async () => {
    const uuid = await create(order({ imageList: [item('paid', 4)], amount: '63.00' }));
    await markPaidByOperator(t.ctx, uuid, { paymentRef: 'SLIP-2', note: '' });
    const key = photoObjectKeys('paid', 'paid-5.jpg').paidThumbnail;
    expect(await t.store.exists(key)).toBe(false);
    expect((await thumbnail(uuid, photos.paid?.[4] as number)).status).toBe(200);
    expect(await t.store.exists(key)).toBe(true);
  });

  it('never gives another photo, and answers 404 to anything malformed', async () => {
    const uuid = await create(order({ imageList: [item('paid', 0)], amount: '63.00' }));
    await markPaidByOperator(t.ctx, uuid, { paymentRef: 'SLIP-3', note: '' });
    for (const [who, photo] of [
      [uuid, photos.paid?.[5]],
      [uuid, photos.other?.[0]],
      [uuid, 'abc'],
      [uuid, '-1'],
      [uuid, '99999999999999999999'],
      ['not-an-order', photos.paid?.[0]],
      ['00000000-0000-4000-8000-000000000000', photos.paid?.[0]],
    ] as const) {
      const res = await thumbnail(String(who), String(photo));
      expect(res.status, `${who} ${photo}`).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    }
  });
});
