// An event's official results: imported from the timing company's CSV (replacing the results it had), listed, and
// cleared. Results name runners and their times: each import, listing and clearing is written to the audit trail.
import fs from 'node:fs/promises';
import { formatRaceTime } from '../../core/format';
import { bibRuleOf, readsBibs } from '../bibs/event-bibs';
import { columnMapping, type ResultField, readRaceResults } from '../bibs/race-results';
import { refusalText } from '../bibs/start-list';
import { adminActor, writeAudit } from '../db/audit-repo';
import { raceResults, replaceResults, resultsSize } from '../db/results-repo';
import { type Command, CommandFailed, command, noExtra, parseCommand, table, UsageError } from './args';
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

export const resultCommands: Command[] = [importResults, showResults, clearResults];
