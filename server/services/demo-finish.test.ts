// The demo's results are made to match its finish photographer's photos: one runner per photo, crossing 1 s after
// the camera's moment by the timing clock, others between them; places counted by gun time, per category too.
import { describe, expect, it } from 'vitest';
import { DEMO_FIRST_BIB, demoResults } from './demo-finish';

describe('demo results', () => {
  const finish = { photographer: 1, cameraAheadMs: 20_000, gun: '03:00' };
  const photos = ['06:10:00', '06:40:00', '07:20:00'].map((t) => new Date(`2026-11-15T${t}+07:00`));

  it("puts a runner at each photo's moment, and others between", () => {
    const rows = demoResults(finish, '2026-11-15', photos);
    expect(rows.map((r) => r.bib)).toEqual(['1001', '1002', '1003', '1004', '1005'].map(String));
    expect(rows[0]?.bib).toBe(String(DEMO_FIRST_BIB));
    // The camera 20 s ahead: the first runner crossed at 06:09:41 by the timing clock.
    expect(rows[0]?.finish_at).toEqual(new Date('2026-11-15T06:09:41+07:00'));
    expect(rows[3]?.finish_at).toEqual(new Date('2026-11-15T06:24:41+07:00'));
    for (const r of rows) {
      expect(r.gun_ms).toBe((r.finish_at as Date).getTime() - Date.parse('2026-11-15T03:00:00+07:00'));
      expect(r.chip_ms ?? 0).toBeLessThan(r.gun_ms ?? 0);
      expect(r.name).not.toBe('');
    }
  });

  it('counts places by gun time, overall and in each category', () => {
    const rows = demoResults(finish, '2026-11-15', photos);
    const byPlace = [...rows].sort((a, b) => (a.place ?? 0) - (b.place ?? 0));
    expect(byPlace.map((r) => r.place)).toEqual([1, 2, 3, 4, 5]);
    expect(byPlace.map((r) => r.gun_ms)).toEqual(
      [...rows.map((r) => r.gun_ms)].sort((a, b) => (a ?? 0) - (b ?? 0)),
    );
    for (const category of new Set(rows.map((r) => r.category))) {
      const places = rows
        .filter((r) => r.category === category)
        .sort((a, b) => (a.gun_ms ?? 0) - (b.gun_ms ?? 0))
        .map((r) => r.category_place);
      expect(places).toEqual(places.map((_, i) => i + 1));
    }
  });
});
