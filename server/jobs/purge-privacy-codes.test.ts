// One-time codes are forgotten a day after they were asked for; younger ones still count toward the day's limits.
import { describe, expect, it } from 'vitest';
import { testDatabases } from '../db/test-databases';
import { purgePrivacyCodes } from './purge-privacy-codes';

const NOW = new Date('2026-11-28T05:00:00Z');

describe.each(testDatabases)('the privacy code purge on $name', (database) => {
  it('deletes the codes asked for more than a day ago, and only those', async () => {
    const { db, close } = await database.open();
    try {
      const code = (request_id: string, hoursAgo: number) => ({
        purpose: 'export' as const,
        destination_key: 'd',
        client_key: 'c',
        code_sha256: 'h',
        request_id,
        created_at: new Date(NOW.getTime() - hoursAgo * 3_600_000),
        expires_at: new Date(NOW.getTime() - hoursAgo * 3_600_000 + 900_000),
      });
      await db
        .insertInto('privacy_codes')
        .values([code('old-request-0000000001', 25), code('new-request-0000000002', 23)])
        .execute();
      expect(await purgePrivacyCodes({ db, now: () => NOW })).toBe(1);
      const left = await db.selectFrom('privacy_codes').select('request_id').execute();
      expect(left).toEqual([{ request_id: 'new-request-0000000002' }]);
      expect(await purgePrivacyCodes({ db, now: () => NOW })).toBe(0);
    } finally {
      await close();
    }
  });
});
