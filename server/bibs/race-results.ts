// An event's official results, as the timing company exports them: a CSV (UTF-8) of bib, name, category, gun time,
// chip time and the finish clock time (the time of day the runner crossed the line), read whole and checked row by
// row before anything is kept, like the start list: one bad row and the file is refused with every problem and its
// line. The column names of common exports are recognised (English and Thai); others are named with a mapping
// (`--columns chip=Net Time,finish=ToD`). A runner without a time is kept with their status (DNF, DNS, DQ).
// Places come from the file when it has them; else they are counted: by gun time (the official ranking), or chip
// time when the file has no gun times, overall and within each category.
import type { RaceResultRow, ResultStatus } from '../db/results-repo';
import { type BibRule, bibOf } from './read-bibs';
import { CATEGORY_MAX, csvRows, csvText, notABib, RUNNER_HEADINGS, RUNNER_NAME_MAX } from './start-list';

export const RESULTS_MAX_ROWS = 100_000;

/** The fields a results file may give; `first-name` and `last-name` make the name when it has no name column. */
export const RESULT_FIELDS = [
  'bib',
  'name',
  'first-name',
  'last-name',
  'category',
  'gun',
  'chip',
  'finish',
  'place',
  'category-place',
] as const;
export type ResultField = (typeof RESULT_FIELDS)[number];

/** Column headings of common exports (lower case, spaces single, underscores as spaces, no trailing dot). */
const HEADINGS: Readonly<Record<string, ResultField>> = {
  ...RUNNER_HEADINGS,
  'bib no': 'bib',
  'race no': 'bib',
  'race number': 'bib',
  runner: 'name',
  athlete: 'name',
  'first name': 'first-name',
  firstname: 'first-name',
  'last name': 'last-name',
  lastname: 'last-name',
  surname: 'last-name',
  cat: 'category',
  division: 'category',
  'age group': 'category',
  รุ่น: 'category',
  'gun time': 'gun',
  guntime: 'gun',
  gun: 'gun',
  'official time': 'gun',
  เวลาปืน: 'gun',
  'chip time': 'chip',
  chiptime: 'chip',
  chip: 'chip',
  'net time': 'chip',
  nettime: 'chip',
  net: 'chip',
  เวลาชิป: 'chip',
  เวลาสุทธิ: 'chip',
  'finish clock time': 'finish',
  'finish clock': 'finish',
  'finish time of day': 'finish',
  'time of day': 'finish',
  tod: 'finish',
  'finish tod': 'finish',
  'finished at': 'finish',
  เวลาเข้าเส้นชัย: 'finish',
  place: 'place',
  'overall place': 'place',
  overall: 'place',
  pos: 'place',
  position: 'place',
  rank: 'place',
  'overall rank': 'place',
  อันดับ: 'place',
  อันดับรวม: 'place',
  'category place': 'category-place',
  'cat place': 'category-place',
  'cat pos': 'category-place',
  'category rank': 'category-place',
  'division place': 'category-place',
  'age group place': 'category-place',
  อันดับประเภท: 'category-place',
  อันดับรุ่น: 'category-place',
};

const heading = (cell: string) =>
  cell.trim().toLowerCase().replace(/_/g, ' ').replace(/\s+/g, ' ').replace(/\.$/, '');

/**
 * A `--columns` mapping: field=heading pairs, comma separated (`chip=Net Time,finish=ToD`). Answers the mapping, or
 * what is wrong with it.
 */
export function columnMapping(
  text: string,
): { ok: true; map: Map<string, ResultField> } | { ok: false; problem: string } {
  const map = new Map<string, ResultField>();
  for (const pair of text.split(',')) {
    const at = pair.indexOf('=');
    const field = pair.slice(0, at).trim().toLowerCase() as ResultField;
    const name = heading(pair.slice(at + 1));
    if (at < 0 || !RESULT_FIELDS.includes(field) || name === '')
      return {
        ok: false,
        problem: `"${pair.trim()}" is not field=heading (fields: ${RESULT_FIELDS.join(', ')})`,
      };
    map.set(name, field);
  }
  return { ok: true, map };
}

/** What a time cell may say instead of a time. */
const STATUSES: Record<string, ResultStatus> = {
  dnf: 'DNF',
  dns: 'DNS',
  dq: 'DQ',
  dsq: 'DQ',
};

/** A race time: H:MM:SS, MM:SS or H:MM:SS.f (tenths to milliseconds), as milliseconds; undefined if it is not one. */
export function raceTimeMs(text: string): number | undefined {
  const m = /^(?:(\d{1,3}):)?(\d{1,2}):(\d{2})(?:[.,](\d{1,3}))?$/.exec(text.trim());
  if (!m) return undefined;
  const [hours, minutes, seconds] = [Number(m[1] ?? 0), Number(m[2]), Number(m[3])];
  if (minutes > 59 || seconds > 59 || (m[1] !== undefined && (m[2] as string).length !== 2)) return undefined;
  const fraction = m[4] ? Number(m[4].padEnd(3, '0')) : 0;
  return ((hours * 60 + minutes) * 60 + seconds) * 1000 + fraction;
}

/**
 * A finish clock time: a time of day (HH:MM:SS[.f]) on the event's date in Thailand time, or a whole date and time
 * (YYYY-MM-DD HH:MM:SS[.f], or with T; Thailand time unless it names its zone); undefined if it is neither.
 */
export function finishClock(text: string, eventDate: string): Date | undefined {
  const trimmed = text.trim();
  const timeOfDay = /^(\d{1,2}):(\d{2}):(\d{2})(?:[.,](\d{1,3}))?$/.exec(trimmed);
  const whole =
    /^(\d{4}-\d{2}-\d{2})[T ](\d{1,2}):(\d{2}):(\d{2})(?:[.,](\d{1,3}))?(Z|[+-]\d{2}:\d{2})?$/.exec(trimmed);
  const parts = timeOfDay
    ? { date: eventDate, h: timeOfDay[1], m: timeOfDay[2], s: timeOfDay[3], f: timeOfDay[4], zone: undefined }
    : whole
      ? { date: whole[1], h: whole[2], m: whole[3], s: whole[4], f: whole[5], zone: whole[6] }
      : undefined;
  if (!parts) return undefined;
  const [h, m, s] = [Number(parts.h), Number(parts.m), Number(parts.s)];
  if (h > 23 || m > 59 || s > 59) return undefined;
  const iso = `${parts.date}T${String(h).padStart(2, '0')}:${parts.m}:${parts.s}.${(parts.f ?? '0').padEnd(3, '0')}${parts.zone ?? '+07:00'}`;
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? undefined : at;
}

export type ResultsCheck = { ok: true; rows: RaceResultRow[] } | { ok: false; problems: string[] };

/** The columns found in the heading row (the file must have one: an export's columns are never in a fixed order). */
function columnsOf(cells: readonly string[], mapping: ReadonlyMap<string, ResultField>) {
  const at = new Map<ResultField, number>();
  cells.forEach((cell, i) => {
    const field = mapping.get(heading(cell)) ?? HEADINGS[heading(cell)];
    if (field && !at.has(field)) at.set(field, i);
  });
  return at;
}

/**
 * The results in a file's bytes, checked against the event's bib rule, their finish clock times on its date;
 * every problem with its line.
 */
export function readRaceResults(
  bytes: Uint8Array,
  event: { rule: BibRule; date: string },
  mapping: ReadonlyMap<string, ResultField> = new Map(),
): ResultsCheck {
  const decoded = csvText(bytes);
  if (!decoded.ok) return decoded;
  const rows = csvRows(decoded.text);
  const head = rows.shift();
  if (!head) return { ok: false, problems: ['the file has no rows'] };
  const at = columnsOf(head.cells, mapping);
  if (!at.has('bib') || !(at.has('chip') || at.has('gun'))) {
    const found = [...at.keys()].join(', ') || 'none';
    return {
      ok: false,
      problems: [
        `line ${head.line}: the heading must name a bib column and a chip or gun time column (recognised: ${found}); name others with --columns, e.g. --columns "chip=Net Time,finish=ToD"`,
      ],
    };
  }
  if (rows.length === 0) return { ok: false, problems: ['the file has a heading and no runners'] };
  if (rows.length > RESULTS_MAX_ROWS)
    return { ok: false, problems: [`the file has ${rows.length} runners; at most ${RESULTS_MAX_ROWS}`] };

  const problems: string[] = [];
  const kept: RaceResultRow[] = [];
  const seen = new Map<string, number>();
  const cell = (cells: readonly string[], field: ResultField) => {
    const i = at.get(field);
    return i === undefined ? '' : (cells[i] ?? '').trim();
  };
  for (const { line, cells } of rows) {
    const rawBib = cell(cells, 'bib');
    const bib = bibOf(rawBib, event.rule);
    if (!bib) problems.push(notABib(line, rawBib, event.rule));
    else if (seen.has(bib)) problems.push(`line ${line}: bib ${bib} is already on line ${seen.get(bib)}`);
    else seen.set(bib, line);
    const name = (cell(cells, 'name') || `${cell(cells, 'first-name')} ${cell(cells, 'last-name')}`)
      .trim()
      .replace(/\s+/g, ' ');
    const category = cell(cells, 'category');
    if (/[\p{Cc}\p{Cs}]/u.test(name + category))
      problems.push(`line ${line}: the name or category holds control characters`);
    if (name.length > RUNNER_NAME_MAX)
      problems.push(`line ${line}: the name is longer than ${RUNNER_NAME_MAX} characters`);
    if (category.length > CATEGORY_MAX)
      problems.push(`line ${line}: the category is longer than ${CATEGORY_MAX} characters`);
    let status: ResultStatus = 'finished';
    const timeOf = (field: 'gun' | 'chip'): number | null => {
      const raw = cell(cells, field);
      if (raw === '' || raw === '-') return null;
      const said = STATUSES[raw.toLowerCase()];
      if (said) {
        status = said;
        return null;
      }
      const ms = raceTimeMs(raw);
      if (ms === undefined)
        problems.push(
          `line ${line}: the ${field} time "${raw}" is not a time (H:MM:SS, MM:SS or DNF, DNS, DQ)`,
        );
      return ms ?? null;
    };
    const gun = timeOf('gun');
    const chip = timeOf('chip');
    const rawFinish = cell(cells, 'finish');
    const finish =
      rawFinish === '' || rawFinish === '-' ? null : (finishClock(rawFinish, event.date) ?? null);
    if (rawFinish !== '' && rawFinish !== '-' && !finish)
      problems.push(`line ${line}: the finish clock time "${rawFinish}" is not a time of day (HH:MM:SS)`);
    const placeOf = (field: 'place' | 'category-place'): number | null => {
      const raw = cell(cells, field);
      if (raw === '' || raw === '-') return null;
      if (!/^\d{1,6}$/.test(raw) || Number(raw) === 0) {
        problems.push(`line ${line}: the ${field.replace('-', ' ')} "${raw}" is not a place (1, 2, 3…)`);
        return null;
      }
      return Number(raw);
    };
    const place = placeOf('place');
    const categoryPlace = placeOf('category-place');
    if (gun === null && chip === null && status === 'finished' && finish !== null)
      problems.push(`line ${line}: a finish clock time without a gun or chip time`);
    if (gun === null && chip === null && status === 'finished') status = 'DNF';
    if (bib)
      kept.push({
        bib,
        name,
        category,
        status,
        gun_ms: gun,
        chip_ms: chip,
        finish_at: finish,
        place,
        category_place: categoryPlace,
      });
  }
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, rows: withPlaces(kept, at.has('place'), at.has('category-place')) };
}

/**
 * Places counted where the file gives none: the finishers by gun time (chip time when the file has no gun times),
 * overall and within their category; equal times share a place.
 */
function withPlaces(
  rows: RaceResultRow[],
  givenPlace: boolean,
  givenCategoryPlace: boolean,
): RaceResultRow[] {
  if (givenPlace && givenCategoryPlace) return rows;
  const byGun = rows.some((r) => r.gun_ms !== null);
  const timeOf = (r: RaceResultRow) => (byGun ? r.gun_ms : r.chip_ms);
  const ranked = rows.filter((r) => r.status === 'finished' && timeOf(r) !== null);
  ranked.sort((a, b) => (timeOf(a) as number) - (timeOf(b) as number));
  const placesOf = (list: RaceResultRow[]) => {
    const places = new Map<RaceResultRow, number>();
    list.forEach((r, i) => {
      const previous = list[i - 1];
      places.set(r, previous && timeOf(previous) === timeOf(r) ? (places.get(previous) as number) : i + 1);
    });
    return places;
  };
  const overall = placesOf(ranked);
  const byCategory = new Map<string, RaceResultRow[]>();
  for (const r of ranked) {
    const list = byCategory.get(r.category);
    if (list) list.push(r);
    else byCategory.set(r.category, [r]);
  }
  const inCategory = new Map<RaceResultRow, number>();
  for (const list of byCategory.values()) for (const [r, p] of placesOf(list)) inCategory.set(r, p);
  return rows.map((r) => ({
    ...r,
    place: givenPlace ? r.place : (overall.get(r) ?? null),
    category_place: givenCategoryPlace ? r.category_place : (inCategory.get(r) ?? null),
  }));
}
