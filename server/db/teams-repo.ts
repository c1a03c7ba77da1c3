// Queries over teams and home-page banners (SPEC §3 Team, Slider banner). The admin CLI reuses the inserts.
import type { Insertable, Selectable } from 'kysely';
import { assertObjectKey } from '../storage/object-store';
import type { Db } from './database';
import type { BannersTable, TeamRow, TeamsTable } from './schema';

export type NewTeam = Insertable<TeamsTable>;
export type BannerRow = Selectable<BannersTable>;
export type NewBanner = Insertable<BannersTable>;

export async function findTeam(db: Db, teamKey: string): Promise<TeamRow | undefined> {
  return db.selectFrom('teams').selectAll().where('team_key', '=', teamKey).executeTakeFirst();
}

/** Active banners in slider order. */
export async function listActiveBanners(db: Db): Promise<BannerRow[]> {
  return db
    .selectFrom('banners')
    .selectAll()
    .where('active', '=', true)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
}

/** Adds a team; its cover object key (when given) must be a valid store key, or publicUrl would throw later. */
export async function insertTeam(db: Db, team: NewTeam): Promise<void> {
  if (team.cover_object) assertObjectKey(team.cover_object);
  await db.insertInto('teams').values(team).execute();
}

/** A banner link opens in the browser: only http(s) addresses and site paths, never javascript: or data:. */
export const isSafeLink = (link: string): boolean =>
  /^https?:\/\/[^\s]+$/i.test(link) || /^\/(?!\/)[^\s]*$/.test(link) || link === '';

/** Adds a banner and returns its id. */
export async function insertBanner(db: Db, banner: NewBanner): Promise<number> {
  assertObjectKey(banner.image_object);
  if (!isSafeLink(banner.link_url)) throw new Error(`unsafe banner link: ${banner.link_url}`);
  const { id } = await db.insertInto('banners').values(banner).returning('id').executeTakeFirstOrThrow();
  return id;
}
