// The daily retention job on every database: an event past its retention period loses its photos' images and
// faces, its photos stay as rows for the orders that name them, other events keep everything, each event purged is
// written to the audit trail, a second run does nothing, and the day's job is queued once.

import { describe, expect, it } from 'vitest';
import { photoObjectKeys } from '../../core/contract/photos';
import { readAudit } from '../db/audit-repo';
import { replaceStartList, startListSize } from '../db/bibs-repo';
import { jobsWithPayload } from '../db/jobs-repo';
import { replaceResults, resultsSize } from '../db/results-repo';
import { testDatabases } from '../db/test-databases';
import { markPaidByOperator } from '../services/payments/settle';
import { at, orderFixture } from '../test/order-fixtures';
import { purgeExpiredEvents, retentionDay } from './retention';
import { queueRetentionIfDue } from './runner';

describe.each(testDatabases)('retention on $name', (database) => {
  const f = orderFixture(database);

  it('purges the photos of events past their retention period, keeping orders and other events', async () => {
    const uuid = await f.create(f.order());
    await markPaidByOperator(f.t.ctx, uuid, { paymentRef: 'SLIP-5555', note: '' });
    await f.drainJobs();
    const [photoId] = f.photos.paid ?? [];
    // A face of a "paid" photo and of an "other"-event photo that is kept longer.
    const otherEvent = f.eventIds.other as number;
    await f.db.updateTable('events').set({ retention_days: 90 }).where('event_id', '=', otherEvent).execute();
    const face = (photo: number, event: number) => ({
      photo_id: photo,
      event_id: event,
      box_x: 0,
      box_y: 0,
      box_w: 1,
      box_h: 1,
      score: 1,
      descriptor: new Uint8Array(512),
    });
    await f.db
      .insertInto('faces')
      .values([
        face(photoId as number, f.eventIds.paid as number),
        face(f.photos.other?.[0] as number, otherEvent),
      ])
      .execute();
    // Their bibs read, and both events' start lists (runners' names: they go with the photos).
    const [paidFace, otherFace] = await f.db
      .selectFrom('faces')
      .select(['id', 'photo_id'])
      .orderBy('id')
      .execute();
    const bibRead = (faceRow: { id: number; photo_id: number } | undefined, event: number) => ({
      photo_id: Number(faceRow?.photo_id),
      event_id: event,
      face_id: Number(faceRow?.id),
      bib: '1234',
      confidence: 0.97,
      box_x: 0,
      box_y: 2,
      box_w: 1,
      box_h: 1,
    });
    await f.db
      .insertInto('bib_reads')
      .values([bibRead(paidFace, f.eventIds.paid as number), bibRead(otherFace, otherEvent)])
      .execute();
    await replaceStartList(f.db, f.eventIds.paid as number, [{ bib: '1234', name: 'สมชาย', category: '' }]);
    await replaceStartList(f.db, otherEvent, [{ bib: '1234', name: 'Anna', category: '' }]);
    const resultOf = (name: string) => ({
      bib: '1234',
      name,
      category: '10K',
      status: 'finished' as const,
      gun_ms: 3_600_000,
      chip_ms: 3_590_000,
      finish_at: new Date('2026-01-01T01:00:00Z'),
      place: 1,
      category_place: 1,
    });
    await replaceResults(f.db, f.eventIds.paid as number, [resultOf('สมชาย')]);
    await replaceResults(f.db, otherEvent, [resultOf('Anna')]);
    const keys = photoObjectKeys('paid', 'paid-1.jpg');
    expect(await f.t.store.exists(keys.original)).toBe(true);
    expect(await f.t.store.exists(keys.logo)).toBe(true);

    // Before the end of the period nothing goes.
    expect(await purgeExpiredEvents({ ...f.t.ctx, now: () => at(20) })).toEqual({ events: [], photos: 0 });

    const purgedEvents: number[] = [];
    const result = await purgeExpiredEvents({
      ...f.t.ctx,
      now: () => at(60),
      onEventPurged: (id) => purgedEvents.push(id),
    });
    expect(result.events).toContain('paid');
    expect(result.events).not.toContain('other');
    expect(purgedEvents).toContain(f.eventIds.paid);
    for (const key of Object.values(keys)) expect(await f.t.store.exists(key)).toBe(false);
    expect(await f.t.store.exists(photoObjectKeys('other', 'other-1.jpg').original)).toBe(true);
    const faces = await f.db.selectFrom('faces').select('event_id').execute();
    expect(faces.map((r) => r.event_id)).toEqual([otherEvent]);
    const reads = await f.db.selectFrom('bib_reads').select('event_id').execute();
    expect(reads.map((r) => r.event_id)).toEqual([otherEvent]);
    expect(await startListSize(f.db, f.eventIds.paid as number)).toBe(0);
    expect(await startListSize(f.db, otherEvent)).toBe(1);
    expect(await resultsSize(f.db, f.eventIds.paid as number)).toBe(0);
    expect(await resultsSize(f.db, otherEvent)).toBe(1);
    const photo = await f.db
      .selectFrom('photos')
      .select(['purged_at'])
      .where('id', '=', photoId as number)
      .executeTakeFirstOrThrow();
    expect(photo.purged_at).not.toBeNull();
    const purgeEntries = async () => (await readAudit(f.db)).filter((e) => e.actor === 'job:retention');
    expect((await purgeEntries()).filter((e) => e.subject === 'paid')).toMatchObject([
      {
        action: 'event purged: photos, faces, start list, results, alerts, finisher pages',
        subject: 'paid',
        records: 6,
      },
    ]);

    // The order keeps its record; its page says the storage period is over.
    f.t.setNow(at(60));
    try {
      expect(await f.inquire(uuid)).toMatchObject({
        payment_status: 'PAID',
        images_paid: '[]',
        is_expired: 'Y',
      });
      // Not on sale any more, whatever its sale window says.
      await f.db
        .updateTable('events')
        .set({ on_sale_end: at(400) })
        .execute();
      const list = await f.post('/api/v1/events/pagination', { page: 1, page_size: 36 });
      const keysOnSale = ((await list.json()) as { body: { event_key: string }[] }).body.map(
        (e) => e.event_key,
      );
      expect(keysOnSale).not.toContain('paid');
      expect(keysOnSale).toContain('other');
    } finally {
      f.t.setNow(at(0));
    }
    // A second run finds nothing more to do, and writes nothing.
    expect((await purgeExpiredEvents({ ...f.t.ctx, now: () => at(61) })).events).not.toContain('paid');
    expect((await purgeEntries()).filter((e) => e.subject === 'paid')).toHaveLength(1);
  });

  it("queues the day's retention job once", async () => {
    const now = at(1);
    expect(await queueRetentionIfDue(f.db, now)).toBe(true);
    expect(await queueRetentionIfDue(f.db, now)).toBe(false);
    expect(await jobsWithPayload(f.db, 'retention', { day: retentionDay(now) })).toHaveLength(1);
  });
});
