import { beforeEach, describe, expect, it } from 'vitest';
import { appDb } from '../../lib/db/app-db';
import { readList } from '../cart/cart-store';
import { photo } from './panel-test-kit';
import { restoreResults, SAVED_RESULTS_MAX, saveNearby, saveResults } from './saved-results';

beforeEach(async () => {
  await Promise.all(appDb.tables.map((table) => table.clear()));
});

describe('each event’s last results, kept on the device', () => {
  it('come back for their event and kind, with their nearby frames, and become the latest results again', async () => {
    await saveResults('standard', 'run-a', [photo(1), photo(2)], [photo(9)]);
    await saveResults('standard', 'run-b', [photo(3)]);
    // Run b's search made its results the latest; coming back to run a makes a's the latest again.
    expect((await readList('cart_latest', 'standard')).map((p) => p.id)).toEqual([3]);
    const back = await restoreResults('standard', 'run-a');
    expect(back?.photos.map((p) => p.id)).toEqual([1, 2]);
    expect(back?.nearby.map((p) => p.id)).toEqual([9]);
    expect((await readList('cart_latest', 'standard')).map((p) => p.id)).toEqual([1, 2]);
    expect(await restoreResults('wholesale', 'run-a')).toBeUndefined();
  });

  it('are replaced by a new search, keep their nearby frames until told, and an empty answer forgets them', async () => {
    await saveResults('standard', 'run-a', [photo(1)], [photo(9)]);
    await saveResults('standard', 'run-a', [photo(1), photo(4)]);
    expect((await restoreResults('standard', 'run-a'))?.nearby.map((p) => p.id)).toEqual([9]);
    await saveNearby('standard', 'run-a', [photo(7)]);
    expect(await restoreResults('standard', 'run-a')).toMatchObject({
      photos: [photo(1), photo(4)],
      nearby: [photo(7)],
    });
    await saveResults('standard', 'run-a', []);
    expect(await restoreResults('standard', 'run-a')).toBeUndefined();
    expect(await readList('cart_latest', 'standard')).toEqual([]);
  });

  it(`keep the ${SAVED_RESULTS_MAX} most recently searched events`, async () => {
    const start = Date.parse('2026-11-22T05:00:00Z');
    for (let i = 0; i <= SAVED_RESULTS_MAX; i++)
      await saveResults('standard', `run-${i}`, [photo(i + 1)], [], new Date(start + i * 1000));
    expect(await appDb.search_results.count()).toBe(SAVED_RESULTS_MAX);
    expect(await restoreResults('standard', 'run-0')).toBeUndefined();
    expect(await restoreResults('standard', `run-${SAVED_RESULTS_MAX}`)).toBeDefined();
  });
});
