// Owns store_marks: facts about the store's own life that must outlive a crash (e.g. demo data seeding begun,
// finished), one text value per name.
import type { Db } from './database';

export async function readMark(db: Db, name: string): Promise<string | undefined> {
  const row = await db.selectFrom('store_marks').select('value').where('name', '=', name).executeTakeFirst();
  return row?.value;
}

export async function writeMark(db: Db, name: string, value: string): Promise<void> {
  await db
    .insertInto('store_marks')
    .values({ name, value })
    .onConflict((oc) => oc.column('name').doUpdateSet({ value, updated_at: new Date() }))
    .execute();
}

/** The mark's value, written first if there was none (whichever process asks first sets it; the rest read it). */
export async function claimMark(db: Db, name: string, value: string): Promise<string> {
  await db
    .insertInto('store_marks')
    .values({ name, value })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  return (await readMark(db, name)) ?? value;
}
