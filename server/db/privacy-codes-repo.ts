// Owns privacy_codes: one-time codes sent to a phone or an e-mail. Only the code's SHA-256, the destination's and the
// client's keyed hashes are kept; rows older than a day (the limits' window) are deleted as new codes are made.
import { sql } from 'kysely';
import type { Db } from './database';
import type { PrivacyCodePurpose } from './schema';

export interface NewPrivacyCode {
  purpose: PrivacyCodePurpose;
  destination_key: string;
  client_key: string;
  code_sha256: string;
  request_id: string;
  created_at: Date;
  expires_at: Date;
}

/** Why a code was not made: too many for the destination or from the client; seconds until one more may be. */
export type CodeRefused = { over: 'destination' | 'client'; retryAfterSeconds: number };

async function oldestSince(
  trx: Db,
  column: 'destination_key' | 'client_key',
  key: string,
  since: Date,
): Promise<{ n: number; oldest: Date | undefined }> {
  const row = await trx
    .selectFrom('privacy_codes')
    .select((eb) => [eb.fn.countAll<string>().as('n'), eb.fn.min('created_at').as('oldest')])
    .where(column, '=', key)
    .where('created_at', '>=', since)
    .executeTakeFirst();
  const oldest = row?.oldest ? new Date(row.oldest as Date | string) : undefined;
  return { n: Number(row?.n ?? 0), oldest };
}

/**
 * Records a code unless the destination or the client had `most` of them since `since` (a day ago). In one
 * transaction under locks of the destination and of the client (always taken in that order), so requests at once
 * on several API processes cannot each take the last one.
 */
export async function recordCode(
  db: Db,
  code: NewPrivacyCode,
  since: Date,
  most: { destination: number; client: number },
  windowMs: number,
): Promise<CodeRefused | undefined> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext(${`privacy-code:${code.destination_key}`}))`.execute(trx);
    await sql`select pg_advisory_xact_lock(hashtext(${`privacy-client:${code.client_key}`}))`.execute(trx);
    await trx.deleteFrom('privacy_codes').where('created_at', '<', since).execute();
    const wait = (oldest: Date | undefined) =>
      Math.max(
        1,
        Math.ceil(
          ((oldest?.getTime() ?? code.created_at.getTime()) + windowMs - code.created_at.getTime()) / 1000,
        ),
      );
    const byDestination = await oldestSince(trx, 'destination_key', code.destination_key, since);
    if (byDestination.n >= most.destination)
      return { over: 'destination' as const, retryAfterSeconds: wait(byDestination.oldest) };
    const byClient = await oldestSince(trx, 'client_key', code.client_key, since);
    if (byClient.n >= most.client)
      return { over: 'client' as const, retryAfterSeconds: wait(byClient.oldest) };
    await trx.insertInto('privacy_codes').values(code).execute();
    return undefined;
  });
}

export interface CodeRow {
  purpose: PrivacyCodePurpose;
  destination_key: string;
  code_sha256: string;
  attempts: number;
  expires_at: Date;
  used_at: Date | null;
}

export type CodeCheck =
  | { result: 'unknown' | 'expired' | 'dead' }
  | { result: 'wrong'; attemptsLeft: number }
  | { result: 'right'; row: CodeRow };

/**
 * Checks a typed code against its request, locking the row: a wrong one counts a try (at `tries` the code is dead),
 * the right one is marked used (it opens once). `matches` compares the kept hash with the typed code's.
 */
export async function checkCode(
  db: Db,
  requestId: string,
  now: Date,
  tries: number,
  matches: (row: CodeRow) => boolean,
): Promise<CodeCheck> {
  return db.transaction().execute(async (trx) => {
    const found = await trx
      .selectFrom('privacy_codes')
      .select(['purpose', 'destination_key', 'code_sha256', 'attempts', 'expires_at', 'used_at'])
      .where('request_id', '=', requestId)
      .forUpdate()
      .executeTakeFirst();
    if (!found) return { result: 'unknown' as const };
    const row: CodeRow = {
      ...found,
      expires_at: new Date(found.expires_at as Date | string),
      used_at: found.used_at === null ? null : new Date(found.used_at as Date | string),
    };
    if (row.used_at !== null || row.expires_at.getTime() <= now.getTime())
      return { result: 'expired' as const };
    if (row.attempts >= tries) return { result: 'dead' as const };
    if (!matches(row)) {
      await trx
        .updateTable('privacy_codes')
        .set({ attempts: row.attempts + 1 })
        .where('request_id', '=', requestId)
        .execute();
      const left = tries - row.attempts - 1;
      return left <= 0 ? { result: 'dead' as const } : { result: 'wrong' as const, attemptsLeft: left };
    }
    await trx
      .updateTable('privacy_codes')
      .set({ used_at: now })
      .where('request_id', '=', requestId)
      .execute();
    return { result: 'right' as const, row };
  });
}

/** Codes older than `before` are forgotten (a code lives minutes; its row counts toward the day's limits). */
export async function deleteCodesBefore(db: Db, before: Date): Promise<number> {
  const result = await db.deleteFrom('privacy_codes').where('created_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
