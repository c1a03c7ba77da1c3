// Reading a timing company's results: the headings of common exports (English, Thai, first and last names), a
// mapping for others, race times and statuses, finish clock times on the event's date in Thailand time, places
// given or counted, and a file with any bad line refused with each line named.
import { describe, expect, it } from 'vitest';
import { columnMapping, finishClock, raceTimeMs, readRaceResults } from './race-results';

const event = { rule: { minDigits: 3, maxDigits: 5 }, date: '2026-11-01' };
const read = (text: string, mapping?: Parameters<typeof readRaceResults>[2]) =>
  readRaceResults(new TextEncoder().encode(text), event, mapping);
const rowsOf = (text: string, mapping?: Parameters<typeof readRaceResults>[2]) => {
  const check = read(text, mapping);
  if (!check.ok) throw new Error(check.problems.join('\n'));
  return check.rows;
};

describe('raceTimeMs', () => {
  it('reads H:MM:SS, MM:SS and fractions', () => {
    expect(raceTimeMs('1:02:03')).toBe(3_723_000);
    expect(raceTimeMs('01:02:03.4')).toBe(3_723_400);
    expect(raceTimeMs('24:13')).toBe(1_453_000);
    expect(raceTimeMs('0:24:13,25')).toBe(1_453_250);
    expect(raceTimeMs('10:05:00')).toBe(36_300_000);
  });
  it('refuses what is not a time', () => {
    for (const bad of ['', '1:2:3', '1:60:00', '61', 'abc', '1:02:03:04', '0:59:60']) {
      expect(raceTimeMs(bad), bad).toBeUndefined();
    }
  });
});

describe('finishClock', () => {
  it("reads a time of day as Thailand time on the event's date, or a whole date and time", () => {
    expect(finishClock('07:23:45', '2026-11-01')?.toISOString()).toBe('2026-11-01T00:23:45.000Z');
    expect(finishClock('7:23:45.3', '2026-11-01')?.toISOString()).toBe('2026-11-01T00:23:45.300Z');
    expect(finishClock('2026-11-02 01:05:00', '2026-11-01')?.toISOString()).toBe('2026-11-01T18:05:00.000Z');
    expect(finishClock('2026-11-01T00:23:45Z', '2026-11-01')?.toISOString()).toBe('2026-11-01T00:23:45.000Z');
  });
  it('refuses what is not one', () => {
    for (const bad of ['25:00:00', '07:23', 'soon', '2026-13-01 07:00:00']) {
      expect(finishClock(bad, '2026-11-01'), bad).toBeUndefined();
    }
  });
});

describe('readRaceResults', () => {
  it('reads a common export: its headings, Thai names, statuses, and places counted by gun time', () => {
    const rows = rowsOf(
      '\uFEFFBib,Name,Category,Gun Time,Chip Time,Time of Day\r\n' +
        '1234,สมชาย ใจดี,10K M,0:52:10,0:51:40,07:52:10\r\n' +
        '1235,"Runner, Anna",10K F,0:49:05,0:49:00,07:49:05\r\n' +
        '1236,Nok,10K F,0:52:10,0:50:00,07:52:10\r\n' +
        '1237,Dao,10K F,DNF,,\r\n' +
        '0042,Joe,10K M,,DNS,\r\n',
    );
    expect(rows.map((r) => [r.bib, r.status, r.place, r.category_place])).toEqual([
      ['1234', 'finished', 2, 1],
      ['1235', 'finished', 1, 1],
      // The same gun time as 1234: the same place.
      ['1236', 'finished', 2, 2],
      ['1237', 'DNF', null, null],
      ['0042', 'DNS', null, null],
    ]);
    expect(rows[0]).toEqual({
      bib: '1234',
      name: 'สมชาย ใจดี',
      category: '10K M',
      status: 'finished',
      gun_ms: 3_130_000,
      chip_ms: 3_100_000,
      finish_at: new Date('2026-11-01T00:52:10.000Z'),
      place: 2,
      category_place: 1,
    });
    expect(rows[1]?.name).toBe('Runner, Anna');
  });

  it('takes Thai headings, first and last names, places as given, and counts by chip time without gun times', () => {
    const thai = rowsOf('หมายเลขบิบ,ชื่อ-นามสกุล,ระยะ,เวลาชิป,อันดับ\n501,มานี มีนา,5K,25:00,7\n502,ชูใจ,5K,24:00,3\n');
    expect(thai.map((r) => [r.bib, r.name, r.chip_ms, r.place, r.category_place])).toEqual([
      ['501', 'มานี มีนา', 1_500_000, 7, 2],
      ['502', 'ชูใจ', 1_440_000, 3, 1],
    ]);
    const split = rowsOf('Race No,First Name,Last Name,Net Time\n777,Anna,Rose,1:00:00\n');
    expect(split[0]).toMatchObject({ bib: '777', name: 'Anna Rose', chip_ms: 3_600_000, place: 1 });
  });

  it('reads the columns a mapping names, and refuses a mapping that is not field=heading', () => {
    const mapping = columnMapping('bib=Dorsal, chip=Tiempo Neto ,finish=Llegada');
    expect(mapping.ok).toBe(true);
    if (!mapping.ok) return;
    const rows = rowsOf('Dorsal,Nombre,Tiempo Neto,Llegada\n321,Ana,0:40:00,07:40:00\n', mapping.map);
    expect(rows[0]).toMatchObject({
      bib: '321',
      chip_ms: 2_400_000,
      finish_at: new Date('2026-11-01T00:40:00Z'),
    });
    expect(columnMapping('chip')).toMatchObject({ ok: false });
    expect(columnMapping('speed=Pace')).toMatchObject({
      ok: false,
      problem: expect.stringContaining('fields: bib'),
    });
  });

  it('refuses a file with any bad line, naming each, and one without the columns it needs', () => {
    const bad = read(
      'bib,name,chip time,finish clock time,place\n' +
        '1234,Somchai,0:50:00,07:50:00,1\n' +
        '12,Too short,0:51:00,,\n' +
        '1234,Twice,0:52:00,,\n' +
        '1240,Slow,fast,,\n' +
        '1241,Late,0:53:00,25:61:00,\n' +
        '1242,Nobody,0:54:00,,first\n',
    );
    expect(bad).toEqual({
      ok: false,
      problems: [
        'line 3: bib "12" is not a bib of this event (3 to 5 digits)',
        'line 4: bib 1234 is already on line 2',
        'line 5: the chip time "fast" is not a time (H:MM:SS, MM:SS or DNF, DNS, DQ)',
        'line 6: the finish clock time "25:61:00" is not a time of day (HH:MM:SS)',
        'line 7: the place "first" is not a place (1, 2, 3…)',
      ],
    });
    expect(read('bib,name\n1234,Somchai\n')).toEqual({
      ok: false,
      problems: [
        expect.stringContaining('line 1: the heading must name a bib column and a chip or gun time column'),
      ],
    });
    expect(read('bib,chip time\n')).toEqual({
      ok: false,
      problems: ['the file has a heading and no runners'],
    });
    expect(readRaceResults(new Uint8Array([0x31, 0xff, 0xfe]), event)).toMatchObject({
      ok: false,
      problems: [expect.stringContaining('not UTF-8')],
    });
  });
});
