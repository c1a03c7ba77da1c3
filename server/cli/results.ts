// An event's official results: imported from the timing company's CSV (replacing the results it had), listed, and
// cleared; results name runners and their times: each import, listing and clearing is written to the audit trail.
// And the photographers' camera clocks against the results' finish times: estimated, shown, set by hand.
import fs from 'node:fs/promises';
import { formatRaceTime } from '../../core/format';
import { bibRuleOf, readsBibs } from '../bibs/event-bibs';
import { columnMapping, type ResultField, readRaceResults } from '../bibs/race-results';
import { refusalText } from '../bibs/start-list';
import { adminActor, writeAudit } from '../db/audit-repo';
import { hasResults, raceResults, replaceResults, resultsSize, setCameraOffset } from '../db/results-repo';
import { cameraClocks } from '../services/camera-clocks';
import {
  type Command,
  CommandFailed,
  command,
  intArg,
  noExtra,
  parseCommand,
  table,
  UsageError,
} from './args';
import { eventKeyArg } from './event-flags';
import { eventByKey } from './events';

const importResults = command({
  name: 'import-results',
  args: '<event_key> <results.csv> [--columns field=heading,…]',
  summary:
    "replace an event's results with the timing company's export (CSV UTF-8: bib, name, category, gun time, chip " +
    'time, finish clock time, places; common headings recognised, others named with --columns); a file with any ' +
    'bad line is refused whole',
  parse(argv) {
    const name = 'import-results';
    const { positionals, values } = parseCommand(name, argv, { columns: { type: 'string' } }, [
      '<event_key>',
      '<results.csv>',
    ]);
    noExtra(name, positionals, 2);
    let mapping = new Map<string, ResultField>();
    if (values.columns !== undefined) {
      const read = columnMapping(values.columns);
      if (!read.ok) throw new UsageError(`${name}: --columns: ${read.problem}`);
      mapping = read.map;
    }
    return { eventKey: eventKeyArg(name, positionals[0] as string), file: positionals[1] as string, mapping };
  },
  async run(ctx, args) {
    const name = 'import-results';
    const event = await eventByKey(ctx.db, name, args.eventKey);
    if (!readsBibs(event)) {
      throw new CommandFailed(
        `${name}: ${event.event_key} reads no bibs (--bib-digits off); set its bib digits with update-event first`,
      );
    }
    const bytes = await fs.readFile(args.file).catch(() => undefined);
    if (!bytes) throw new UsageError(`${name}: cannot read ${args.file}`);
    const results = readRaceResults(
      new Uint8Array(bytes),
      { rule: bibRuleOf(event), date: event.eventdate },
      args.mapping,
    );
    if (!results.ok)
      throw new CommandFailed(
        `${name}: ${refusalText(args.file, results.problems, "the event's results are unchanged")}`,
      );
    const before = await resultsSize(ctx.db, event.event_id);
    await replaceResults(ctx.db, event.event_id, results.rows);
    await writeAudit(ctx.db, {
      actor: adminActor(),
      action: before > 0 ? 'results replaced' : 'results imported',
      subject: event.event_key,
      records: results.rows.length,
    });
    const finished = results.rows.filter((r) => r.status === 'finished').length;
    const clocked = results.rows.filter((r) => r.finish_at !== null).length;
    ctx.out(
      `${event.event_key}: results of ${results.rows.length} runners imported (${finished} finished, ` +
        `${clocked} with a finish clock time)${before > 0 ? `, replacing ${before}` : ''}`,
    );
  },
});

const time = (ms: number | null) => (ms === null ? '' : formatRaceTime(ms));
const clock = (at: Date | null) =>
  at === null
    ? ''
    : at.toLocaleTimeString('en-GB', { timeZone: 'Asia/Bangkok', hour12: false }) +
      (at.getMilliseconds() > 0 ? `.${String(at.getMilliseconds()).padStart(3, '0')}` : '');

const showResults = command({
  name: 'results',
  args: '<event_key>',
  summary:
    "an event's results: place, bib, name, category, gun and chip times, finish clock time (Thailand time)",
  parse(argv) {
    const { positionals } = parseCommand('results', argv, {}, ['<event_key>']);
    noExtra('results', positionals, 1);
    return { eventKey: eventKeyArg('results', positionals[0] as string) };
  },
  async run(ctx, args) {
    const event = await eventByKey(ctx.db, 'results', args.eventKey);
    const rows = await raceResults(ctx.db, event.event_id);
    await writeAudit(ctx.db, {
      actor: adminActor(),
      action: 'results listed',
      subject: event.event_key,
      records: rows.length,
    });
    if (rows.length === 0) {
      ctx.out(`${event.event_key}: no results`);
      return;
    }
    ctx.out(
      table(
        ['place', 'bib', 'name', 'category', 'cat. place', 'gun', 'chip', 'finish clock'],
        rows.map((r) => [
          r.place ?? (r.status === 'finished' ? '' : r.status),
          r.bib,
          r.name,
          r.category,
          r.category_place ?? '',
          time(r.gun_ms),
          time(r.chip_ms),
          clock(r.finish_at),
        ]),
      ),
    );
  },
});

const clearResults = command({
  name: 'clear-results',
  args: '<event_key>',
  summary: "delete an event's results (runners' names and times)",
  parse(argv) {
    const { positionals } = parseCommand('clear-results', argv, {}, ['<event_key>']);
    noExtra('clear-results', positionals, 1);
    return { eventKey: eventKeyArg('clear-results', positionals[0] as string) };
  },
  async run(ctx, args) {
    const event = await eventByKey(ctx.db, 'clear-results', args.eventKey);
    const before = await resultsSize(ctx.db, event.event_id);
    if (before === 0) {
      ctx.out(`${event.event_key}: no results to clear`);
      return;
    }
    await replaceResults(ctx.db, event.event_id, []);
    await writeAudit(ctx.db, {
      actor: adminActor(),
      action: 'results cleared',
      subject: event.event_key,
      records: before,
    });
    ctx.out(`${event.event_key}: results of ${before} runners deleted`);
  },
});

/** Seconds, signed, with a decimal: how far a camera clock is from the timing clock. */
const seconds = (ms: number) => `${ms >= 0 ? '+' : '-'}${(Math.abs(ms) / 1000).toFixed(1)}`;

const showCameras = command({
  name: 'cameras',
  args: '<event_key>',
  summary:
    "each photographer's camera clock against the results' finish times: the offset estimated from the bibs read " +
    'in their photos (how many photos it rests on, their spread), whether they are at the finish, the offset set by hand',
  parse(argv) {
    const { positionals } = parseCommand('cameras', argv, {}, ['<event_key>']);
    noExtra('cameras', positionals, 1);
    return { eventKey: eventKeyArg('cameras', positionals[0] as string) };
  },
  async run(ctx, args) {
    const event = await eventByKey(ctx.db, 'cameras', args.eventKey);
    const clocks = await cameraClocks(ctx.db, event.event_id);
    if (clocks.length === 0) {
      ctx.out(`${event.event_key}: no photos`);
      return;
    }
    if (!(await hasResults(ctx.db, event.event_id)))
      ctx.out(
        `${event.event_key}: no results imported: offsets are estimated from the results' finish times`,
      );
    ctx.out(
      table(
        [
          'photographer',
          'photos',
          'with camera time',
          'estimate (s)',
          'rests on',
          'spread (s)',
          'at finish',
          'set (s)',
          'used (s)',
        ],
        clocks.map((c) => [
          c.photographerId,
          c.photos,
          c.withCamera,
          c.estimate ? seconds(c.estimate.offsetMs) : '',
          c.estimate ? `${c.estimate.photos} of ${c.estimate.of}` : '',
          c.estimate ? (c.estimate.spreadMs / 1000).toFixed(1) : '',
          c.estimate?.atFinish ? 'yes' : 'no',
          c.setMs === undefined ? '' : seconds(c.setMs),
          c.offsetMs === undefined ? '' : seconds(c.offsetMs),
        ]),
      ),
    );
  },
});

/** The farthest a camera clock is taken to be from the timing clock: two days (a wrong date, a wrong zone). */
const MAX_OFFSET_SECONDS = 172_800;

const setCameraOffsetCommand = command({
  name: 'camera-offset',
  args: '<event_key> --photographer N (--seconds=S | --estimate)',
  summary:
    "set a photographer's camera clock offset at an event by hand (camera minus timing clock, seconds, e.g. -62.5), " +
    'or --estimate: back to the one estimated from their photos',
  parse(argv) {
    const name = 'camera-offset';
    const { positionals, values } = parseCommand(
      name,
      argv,
      { photographer: { type: 'string' }, seconds: { type: 'string' }, estimate: { type: 'boolean' } },
      ['<event_key>'],
    );
    noExtra(name, positionals, 1);
    if (values.photographer === undefined) throw new UsageError(`${name}: --photographer N is required`);
    const photographerId = intArg(name, 'photographer', values.photographer, 0, 2_147_483_647);
    if ((values.seconds === undefined) === !values.estimate)
      throw new UsageError(`${name}: give either --seconds S or --estimate`);
    let offsetMs: number | undefined;
    if (values.seconds !== undefined) {
      const raw = values.seconds.trim();
      const value = Number(raw);
      if (!/^[-+]?\d+(\.\d{1,3})?$/.test(raw) || Math.abs(value) > MAX_OFFSET_SECONDS)
        throw new UsageError(
          `${name}: --seconds must be a number of seconds from -${MAX_OFFSET_SECONDS} to ${MAX_OFFSET_SECONDS} (at most 3 decimals), got "${values.seconds}"`,
        );
      offsetMs = Math.round(value * 1000);
    }
    return { eventKey: eventKeyArg(name, positionals[0] as string), photographerId, offsetMs };
  },
  async run(ctx, args) {
    const event = await eventByKey(ctx.db, 'camera-offset', args.eventKey);
    await setCameraOffset(ctx.db, event.event_id, args.photographerId, args.offsetMs);
    ctx.out(
      args.offsetMs === undefined
        ? `${event.event_key}: photographer ${args.photographerId}'s camera offset is estimated from their photos again`
        : `${event.event_key}: photographer ${args.photographerId}'s camera clock set to ${seconds(args.offsetMs)} s from the timing clock`,
    );
  },
});

export const resultCommands: Command[] = [
  importResults,
  showResults,
  clearResults,
  showCameras,
  setCameraOffsetCommand,
];
