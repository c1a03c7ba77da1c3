// An event's start list: a CSV of bib, name and optional category (UTF-8, as "CSV UTF-8" from a
// spreadsheet), read whole and checked row by row before anything is kept: one bad row and the list is refused
// with every problem and its line, so a list is never half imported.
import type { StartListRow } from '../db/bibs-repo';
import { type BibRule, bibOf } from './read-bibs';

export const START_LIST_MAX_ROWS = 100_000;
export const RUNNER_NAME_MAX = 200;
export const CATEGORY_MAX = 100;

/** The rows of a CSV (RFC 4180: quoted fields may hold commas, quotes doubled, line breaks), lines numbered. */
export function csvRows(text: string): { line: number; cells: string[] }[] {
  const rows: { line: number; cells: string[] }[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  const endRow = () => {
    cells.push(cell);
    if (cells.some((c) => c.trim() !== '')) rows.push({ line: rowLine, cells });
    cells = [];
    cell = '';
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else {
        if (ch === '\n') line++;
        cell += ch;
      }
    } else if (ch === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if (ch === ',') {
      cells.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      endRow();
      line++;
      rowLine = line;
    } else cell += ch;
  }
  if (cell !== '' || cells.length > 0) endRow();
  return rows;
}

export type StartListCheck = { ok: true; rows: StartListRow[] } | { ok: false; problems: string[] };

/** Headings of a runner's bib, name and category columns (lower case), as start lists and results write them. */
export const RUNNER_HEADINGS: Readonly<Record<string, keyof StartListRow>> = {
  bib: 'bib',
  'bib number': 'bib',
  number: 'bib',
  no: 'bib',
  หมายเลข: 'bib',
  บิบ: 'bib',
  หมายเลขบิบ: 'bib',
  name: 'name',
  'full name': 'name',
  ชื่อ: 'name',
  'ชื่อ-นามสกุล': 'name',
  'ชื่อ นามสกุล': 'name',
  category: 'category',
  distance: 'category',
  ประเภท: 'category',
  ระยะ: 'category',
};

/**
 * A file refused whole: its problems, at most `shown` of them (the count of the rest follows), under a line that
 * says the file was not imported and what stays as it was.
 */
export function refusalText(
  file: string,
  problems: readonly string[],
  unchanged: string,
  shown = 20,
): string {
  const listed = problems.slice(0, shown);
  const more = problems.length - listed.length;
  return [
    `${file} was not imported (${problems.length} problem${problems.length === 1 ? '' : 's'}; ${unchanged}):`,
    ...listed.map((p) => `  ${p}`),
    ...(more > 0 ? [`  … and ${more} more`] : []),
  ].join('\n');
}

/** A file's line whose bib the event's rule does not allow, with the rule. */
export function notABib(line: number, rawBib: string, rule: BibRule): string {
  const digits =
    rule.minDigits === rule.maxDigits ? `${rule.minDigits}` : `${rule.minDigits} to ${rule.maxDigits}`;
  const range = rule.range ? ` from ${rule.range.from} to ${rule.range.to}` : '';
  return `line ${line}: bib "${rawBib}" is not a bib of this event (${digits} digits${range})`;
}

/** A CSV file's text (UTF-8, its byte-order mark dropped), or the problem that it is not UTF-8 text. */
export function csvText(bytes: Uint8Array): { ok: true; text: string } | { ok: false; problems: string[] } {
  try {
    return { ok: true, text: new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '') };
  } catch {
    return {
      ok: false,
      problems: ['the file is not UTF-8 text: save it as "CSV UTF-8" and import it again'],
    };
  }
}

/** The start list in a file's bytes, checked against the event's bib rule; every problem with its line. */
export function readStartList(bytes: Uint8Array, rule: BibRule): StartListCheck {
  const decoded = csvText(bytes);
  if (!decoded.ok) return decoded;
  const rows = csvRows(decoded.text);
  if (rows.length === 0) return { ok: false, problems: ['the file has no rows'] };
  let columns: Record<keyof StartListRow, number> = { bib: 0, name: 1, category: 2 };
  const first = rows[0];
  const heading = first?.cells.map((c) => RUNNER_HEADINGS[c.trim().toLowerCase()]);
  if (first && heading?.some((h) => h !== undefined)) {
    rows.shift();
    const at = (key: keyof StartListRow) => heading.indexOf(key);
    if (at('bib') < 0 || at('name') < 0) {
      return { ok: false, problems: [`line ${first.line}: the header must name the bib and name columns`] };
    }
    columns = { bib: at('bib'), name: at('name'), category: at('category') };
  }
  if (rows.length > START_LIST_MAX_ROWS) {
    return { ok: false, problems: [`the list has ${rows.length} runners; at most ${START_LIST_MAX_ROWS}`] };
  }
  const problems: string[] = [];
  const kept: StartListRow[] = [];
  const seen = new Map<string, number>();
  for (const { line, cells } of rows) {
    const rawBib = (cells[columns.bib] ?? '').trim();
    const name = (cells[columns.name] ?? '').trim().replace(/\s+/g, ' ');
    const category = columns.category >= 0 ? (cells[columns.category] ?? '').trim() : '';
    const bib = bibOf(rawBib, rule);
    if (!bib) problems.push(notABib(line, rawBib, rule));
    if (!name) problems.push(`line ${line}: the name is empty`);
    else if (/[\p{Cc}\p{Cs}]/u.test(name) || /[\p{Cc}\p{Cs}]/u.test(category))
      problems.push(`line ${line}: the name or category holds control characters`);
    else if (name.length > RUNNER_NAME_MAX)
      problems.push(`line ${line}: the name is longer than ${RUNNER_NAME_MAX} characters`);
    if (category.length > CATEGORY_MAX)
      problems.push(`line ${line}: the category is longer than ${CATEGORY_MAX} characters`);
    if (bib) {
      const before = seen.get(bib);
      if (before !== undefined) problems.push(`line ${line}: bib ${bib} is already on line ${before}`);
      else seen.set(bib, line);
    }
    if (bib && name) kept.push({ bib, name, category });
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, rows: kept };
}
