// Removes what an interrupted demo seeding left behind (its events with their photos, faces and lists by cascade,
// the demo team and banners), so that seeding can start over. Never touches an event that has orders.
import type { Db } from './database';

export interface RemovedDemo {
  events: number;
  photos: number;
}

export async function removeDemoRows(
  db: Db,
  eventKeys: readonly string[],
  teamKey: string,
  bannerPrefix: string,
): Promise<RemovedDemo> {
  return db.transaction().execute(async (trx) => {
    const events = await trx
      .selectFrom('events')
      .select('event_id')
      .where('event_key', 'in', [...eventKeys])
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(selectFrom('orders').select('order_id').whereRef('orders.event_id', '=', 'events.event_id')),
        ),
      )
      .execute();
    const ids = events.map((e) => e.event_id);
    let photos = 0;
    if (ids.length > 0) {
      const counted = await trx
        .selectFrom('photos')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('event_id', 'in', ids)
        .executeTakeFirstOrThrow();
      photos = Number(counted.n);
      await trx.deleteFrom('events').where('event_id', 'in', ids).execute();
    }
    await trx.deleteFrom('banners').where('image_object', 'like', `${bannerPrefix}%`).execute();
    await trx.deleteFrom('teams').where('team_key', '=', teamKey).execute();
    return { events: ids.length, photos };
  });
}
