// The flags create-event and update-event share, checked and turned into event columns. Every on/off flag has a
// --no-… form so update-event can switch it off again.
import type { EventPatch } from '../db/events-repo';
import {
  dateArg,
  intArg,
  keyArg,
  numberArg,
  parseCommand,
  priceArg,
  required,
  timeArg,
  UsageError,
} from './args';

/** Words the API uses right after /v1/events/: an event with one of these keys could never be opened. */
export const RESERVED_EVENT_KEYS = [
  'slider-banner',
  'soon',
  'team',
  'team-detail',
  'event-key',
  'image-time',
  'pagination',
  'pagination-count',
];

const toggles = [
  'pin',
  'free-download',
  'free-keep-contract',
  'hybrid',
  'stage',
  'mhao',
  'hybrid-mhao',
  'team',
  'runners-informed',
];

export const eventOptions = {
  title: { type: 'string' },
  date: { type: 'string' },
  province: { type: 'string' },
  'sale-start': { type: 'string' },
  'sale-end': { type: 'string' },
  'date-text': { type: 'string' },
  cover: { type: 'string' },
  'card-frame': { type: 'string' },
  team: { type: 'string' },
  mhao: { type: 'string' },
  'hybrid-mhao': { type: 'string' },
  threshold: { type: 'string' },
  'max-face-search': { type: 'string' },
  'caption-buy-all': { type: 'string' },
  'bib-digits': { type: 'string' },
  'bib-range': { type: 'string' },
  'face-search': { type: 'string' },
  'runners-informed': { type: 'boolean' },
  pin: { type: 'boolean' },
  'free-download': { type: 'boolean' },
  'free-keep-contract': { type: 'boolean' },
  hybrid: { type: 'boolean' },
  stage: { type: 'boolean' },
  ...Object.fromEntries(toggles.map((t) => [`no-${t}`, { type: 'boolean' as const }])),
} as const;

export const EVENT_FLAGS_HELP =
  '--title T --date YYYY-MM-DD --province P --sale-start ISO --sale-end ISO [--date-text T] [--cover file.jpg] ' +
  '[--pin] [--team KEY] [--free-download] [--free-keep-contract] [--mhao PRICE] [--hybrid] ' +
  '[--hybrid-mhao PRICE] [--stage] [--threshold X] [--max-face-search N] [--caption-buy-all TEXT] ' +
  '[--bib-digits N-M|N|off] [--bib-range FROM-TO|off] [--runners-informed] [--face-search on|off] ' +
  '[--card-frame frame.png|off]';

/**
 * Said when face search is on for an event whose organiser did not tell runners of it at registration: the faces
 * in its photos are biometric data of every runner, also of those who never use the store.
 */
export const UNINFORMED_FACE_SEARCH_WARNING =
  'warning: face search is on, but the organiser has not told runners of it at registration (--runners-informed). ' +
  "The faces in the event's photos are biometric data (PDPA section 26), also of runners who never use the store: " +
  'ask the organiser to inform runners, then update-event --runners-informed; or update-event --face-search off.';

/** update-event takes every create-event flag, none required, and a --no-… form of each on/off one. */
export const UPDATE_FLAGS_HELP = `[any create-event flag] [${toggles.map((t) => `--no-${t}`).join('|')}]`;

export interface EventFlags {
  eventKey: string;
  /** For create-event, face_search is always set: --face-search, else on only with --runners-informed. */
  patch: EventPatch;
  /** A cover image file to store. */
  cover?: string;
  /** A finisher-card frame file to store (a PNG with transparency), or 'off' to remove the event's. */
  cardFrame?: string;
  /** A team the event joins (must exist). */
  team?: string;
}

/** The Thai long date of a calendar date, e.g. "1 พฤศจิกายน 2569". */
export const thaiDateText = (date: string): string =>
  new Intl.DateTimeFormat('th-TH', { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );

export function eventKeyArg(name: string, raw: string): string {
  keyArg(name, 'event key', raw);
  if (RESERVED_EVENT_KEYS.includes(raw.toLowerCase())) {
    throw new UsageError(`${name}: "${raw}" is a reserved word in event addresses; choose another key`);
  }
  return raw;
}

const text = (name: string, flag: string, value: string, max: number) => {
  const trimmed = value.trim();
  if (trimmed.length === 0) throw new UsageError(`${name}: --${flag} must not be empty`);
  if (trimmed.length > max) throw new UsageError(`${name}: --${flag} is longer than ${max} characters`);
  return trimmed;
};

/** Parses `<event_key> [flags]`; for create-event the title, date, province and sale window are required. */
export function parseEventFlags(name: string, argv: string[], creating: boolean): EventFlags {
  const { values, positionals } = parseCommand(name, argv, eventOptions, ['<event_key>']);
  if (positionals.length > 1) throw new UsageError(`${name}: unexpected argument "${positionals[1]}"`);
  const flags = values as Record<string, string | boolean | undefined>;
  const str = (flag: string) => flags[flag] as string | undefined;
  for (const t of toggles) {
    if (flags[t] !== undefined && flags[`no-${t}`]) {
      throw new UsageError(`${name}: --${t} and --no-${t} contradict each other`);
    }
  }
  const eventKey = eventKeyArg(name, positionals[0] as string);
  const patch: EventPatch = {};
  const result: EventFlags = { eventKey, patch };

  const title = creating ? required(name, 'title', str('title')) : str('title');
  if (title !== undefined) patch.title = text(name, 'title', title, 200);
  const province = creating ? required(name, 'province', str('province')) : str('province');
  if (province !== undefined) patch.province = text(name, 'province', province, 100);
  const date = creating ? required(name, 'date', str('date')) : str('date');
  if (date !== undefined) {
    patch.eventdate = dateArg(name, 'date', date);
    patch.event_date_text = thaiDateText(date);
  }
  const dateText = str('date-text');
  if (dateText !== undefined) patch.event_date_text = text(name, 'date-text', dateText, 100);
  const saleStart = creating ? required(name, 'sale-start', str('sale-start')) : str('sale-start');
  if (saleStart !== undefined) patch.on_sale_start = timeArg(name, 'sale-start', saleStart);
  const saleEnd = creating ? required(name, 'sale-end', str('sale-end')) : str('sale-end');
  if (saleEnd !== undefined) patch.on_sale_end = timeArg(name, 'sale-end', saleEnd);

  const cover = str('cover');
  if (cover !== undefined) result.cover = text(name, 'cover', cover, 4096);
  const cardFrame = str('card-frame');
  if (cardFrame !== undefined) {
    result.cardFrame = text(name, 'card-frame', cardFrame, 4096);
    if (creating && result.cardFrame === 'off')
      throw new UsageError(`${name}: --card-frame off is for update-event`);
  }
  const team = str('team');
  if (team !== undefined) result.team = keyArg(name, 'team key', team);
  if (flags['no-team']) patch.team_key = null;

  const onOff = (flag: string, set: (on: boolean) => void) => {
    if (flags[flag]) set(true);
    else if (flags[`no-${flag}`]) set(false);
  };
  onOff('pin', (on) => {
    patch.pin = on ? 1 : 0;
  });
  onOff('free-download', (on) => {
    patch.is_free_download = on;
  });
  onOff('free-keep-contract', (on) => {
    patch.is_free_download_keep_contract = on;
  });
  onOff('hybrid', (on) => {
    patch.is_hybrid = on;
  });
  onOff('stage', (on) => {
    patch.is_event_stage = on;
  });
  const mhao = str('mhao');
  if (mhao !== undefined) Object.assign(patch, { is_mhao: true, mhao_price: priceArg(name, '--mhao', mhao) });
  if (flags['no-mhao']) patch.is_mhao = false;
  const hybridMhao = str('hybrid-mhao');
  if (hybridMhao !== undefined) {
    Object.assign(patch, {
      is_mhao_hybrid: true,
      hybrid_mhao_price: priceArg(name, '--hybrid-mhao', hybridMhao),
    });
  }
  if (flags['no-hybrid-mhao']) patch.is_mhao_hybrid = false;

  const threshold = str('threshold');
  if (threshold !== undefined) patch.face_threshold = numberArg(name, 'threshold', threshold, 0, 2);
  const maxFaceSearch = str('max-face-search');
  if (maxFaceSearch !== undefined) {
    patch.max_face_search = intArg(name, 'max-face-search', maxFaceSearch, 1, 10_000);
  }
  const caption = str('caption-buy-all');
  if (caption !== undefined) patch.caption_button_buy_all = text(name, 'caption-buy-all', caption, 200);

  const faceSearch = str('face-search');
  if (faceSearch !== undefined) patch.face_search = faceSearchArg(name, faceSearch);
  onOff('runners-informed', (on) => {
    patch.runners_informed = on;
  });
  // The organiser's word decides: face search is on by default only where runners were told of it.
  if (creating) patch.face_search ??= patch.runners_informed === true;

  const bibDigits = str('bib-digits');
  if (bibDigits !== undefined) Object.assign(patch, bibDigitsArg(name, bibDigits));
  const bibRange = str('bib-range');
  if (bibRange !== undefined) Object.assign(patch, bibRangeArg(name, bibRange));

  if (patch.on_sale_start && patch.on_sale_end && patch.on_sale_end < patch.on_sale_start) {
    throw new UsageError(`${name}: --sale-end is before --sale-start`);
  }
  if (!creating && Object.keys(patch).length === 0 && !result.cover && !result.team && !result.cardFrame) {
    throw new UsageError(`${name}: nothing to change; give at least one flag`);
  }
  return result;
}

/** `--face-search on` or `off`. */
export function faceSearchArg(name: string, raw: string): boolean {
  const value = raw.trim().toLowerCase();
  if (value !== 'on' && value !== 'off') throw new UsageError(`${name}: --face-search must be on or off`);
  return value === 'on';
}

/** The most digits a bib number has (reads are kept up to this many: server/bibs/read-bibs.ts STORED_BIB_RULE). */
export const BIB_MOST_DIGITS = 8;

/** `--bib-digits 3-5`, `4` or `off` (the event reads no bibs) into the event's columns. */
export function bibDigitsArg(name: string, raw: string): { bib_min_digits: number; bib_max_digits: number } {
  const value = raw.trim().toLowerCase();
  if (value === 'off') return { bib_min_digits: 0, bib_max_digits: 0 };
  const match = /^(\d{1,2})(?:-(\d{1,2}))?$/.exec(value);
  const min = Number(match?.[1]);
  const max = Number(match?.[2] ?? match?.[1]);
  if (!match || min < 1 || max > BIB_MOST_DIGITS || min > max) {
    throw new UsageError(
      `${name}: --bib-digits must be N-M or N with 1 <= N <= M <= ${BIB_MOST_DIGITS} (e.g. 3-5), or off`,
    );
  }
  return { bib_min_digits: min, bib_max_digits: max };
}

/** `--bib-range 1-5000` (the event's bib numbers lie within it) or `off`. */
export function bibRangeArg(name: string, raw: string): { bib_from: number | null; bib_to: number | null } {
  const value = raw.trim().toLowerCase();
  if (value === 'off') return { bib_from: null, bib_to: null };
  const match = /^(\d{1,8})-(\d{1,8})$/.exec(value);
  const from = Number(match?.[1]);
  const to = Number(match?.[2]);
  if (!match || from > to) {
    throw new UsageError(`${name}: --bib-range must be FROM-TO with FROM <= TO (e.g. 1-5000), or off`);
  }
  return { bib_from: from, bib_to: to };
}
