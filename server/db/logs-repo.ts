import type { Db } from './database';

export interface NewLog {
  service: string;
  cart_count: number;
  image_id: string;
  list: string;
  event_key: string;
}

export async function insertLog(db: Db, log: NewLog): Promise<void> {
  await db.insertInto('logs').values(log).execute();
}

export async function countLogs(db: Db, eventKey: string): Promise<number> {
  const row = await db
    .selectFrom('logs')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('event_key', '=', eventKey)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
