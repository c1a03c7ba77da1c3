// Bib numbers: import, list (or search by name) and clear an event's start list, list the bibs read in an event with
// their photos, and read again the bibs of photos that have none read (the running store's face workers do it). A
// start list holds runners' names: each import, listing and clearing is written to the audit trail.
import fs from 'node:fs/promises';
import { bibRuleOf, eventBibs, readsBibs } from '../bibs/event-bibs';
import { readStartList, refusalText } from '../bibs/start-list';
import { adminActor, writeAudit } from '../db/audit-repo';
import {
  bibReadingCounts,
  bibsReadInEvent,
  replaceStartList,
  runnersNamed,
  startList,
  startListSize,
} from '../db/bibs-repo';
import { enqueue } from '../jobs/queue';
import { type Command, CommandFailed, command, noExtra, parseCommand, table, UsageError } from './args';
import { eventKeyArg } from './event-flags';
import { eventByKey } from './events';

const importStartList = command({
  name: 'import-start-list',
  args: '<event_key> <file.csv>',
  summary:
    "replace an event's start list (CSV UTF-8: bib, name, optional category): reads not on it are not bibs, and " +
    'runners can find their bib by name; a file with any bad row is refused whole',
  parse(argv) {
    const name = 'import-start-list';
    const { positionals } = parseCommand(name, argv, {}, ['<event_key>', '<file.csv>']);
    noExtra(name, positionals, 2);
    return { eventKey: eventKeyArg(name, positionals[0] as string), file: positionals[1] as string };
  },
  async run(ctx, args) {
    const name = 'import-start-list';
    const event = await eventByKey(ctx.db, name, args.eventKey);
    if (!readsBibs(event)) {
      throw new CommandFailed(
        `${name}: ${event.event_key} reads no bibs (--bib-digits off); set its bib digits with update-event first`,
      );
    }
    const bytes = await fs.readFile(args.file).catch(() => undefined);
    if (!bytes) throw new UsageError(`${name}: cannot read ${args.file}`);
    const list = readStartList(new Uint8Array(bytes), bibRuleOf(event));
    if (!list.ok)
      throw new CommandFailed(
        `${name}: ${refusalText(args.file, list.problems, "the event's list is unchanged")}`,
      );
    const before = await startListSize(ctx.db, event.event_id);
    await replaceStartList(ctx.db, event.event_id, list.rows);
    await writeAudit(ctx.db, {
      actor: adminActor(),
      action: before > 0 ? 'start list replaced' : 'start list imported',
      subject: event.event_key,
      records: list.rows.length,
    });
    ctx.out(
      `${event.event_key}: start list of ${list.rows.length} runners imported` +
        (before > 0 ? ` (replacing ${before})` : ''),
    );
  },
});

/** The most runners a name search prints. */
const NAMED_SHOWN = 50;

const showStartList = command({
  name: 'start-list',
  args: '<event_key> [--name TEXT]',
  summary: `an event's start list (bib, name, category); --name: the runners whose name begins so (at most ${NAMED_SHOWN})`,
  parse(argv) {
    const name = 'start-list';
    const { positionals, values } = parseCommand(name, argv, { name: { type: 'string' } }, ['<event_key>']);
    noExtra(name, positionals, 1);
    const typed = values.name?.trim();
    if (typed !== undefined && (typed === '' || typed.length > 100))
      throw new UsageError(`${name}: --name must be 1 to 100 characters`);
    return { eventKey: eventKeyArg(name, positionals[0] as string), typed };
  },
  async run(ctx, args) {
    const event = await eventByKey(ctx.db, 'start-list', args.eventKey);
    const rows =
      args.typed === undefined
        ? await startList(ctx.db, event.event_id)
        : await runnersNamed(ctx.db, event.event_id, args.typed, NAMED_SHOWN);
    await writeAudit(ctx.db, {
      actor: adminActor(),
      action: args.typed === undefined ? 'start list listed' : 'start list searched by name',
      subject: event.event_key,
      records: rows.length,
    });
    if (rows.length === 0) {
      ctx.out(
        args.typed === undefined
          ? `${event.event_key}: no start list`
          : `${event.event_key}: no runner's name begins so`,
      );
      return;
    }
    ctx.out(
      table(
        ['bib', 'name', 'category'],
        rows.map((r) => [r.bib, r.name, r.category]),
      ),
    );
  },
});

const clearStartList = command({
  name: 'clear-start-list',
  args: '<event_key>',
  summary:
    "delete an event's start list (the runners' names); reads are then bibs by the event's digits alone",
  parse(argv) {
    const name = 'clear-start-list';
    const { positionals } = parseCommand(name, argv, {}, ['<event_key>']);
    noExtra(name, positionals, 1);
    return { eventKey: eventKeyArg(name, positionals[0] as string) };
  },
  async run(ctx, args) {
    const event = await eventByKey(ctx.db, 'clear-start-list', args.eventKey);
    const before = await startListSize(ctx.db, event.event_id);
    if (before === 0) {
      ctx.out(`${event.event_key}: no start list to clear`);
      return;
    }
    await replaceStartList(ctx.db, event.event_id, []);
    await writeAudit(ctx.db, {
      actor: adminActor(),
      action: 'start list cleared',
      subject: event.event_key,
      records: before,
    });
    ctx.out(`${event.event_key}: start list of ${before} runners deleted`);
  },
});

const listBibs = command({
  name: 'bibs',
  args: '<event_key> [--all]',
  summary:
    "the bib numbers read in an event's photos with their photo counts (the event's bibs; --all: every number read)",
  parse(argv) {
    const name = 'bibs';
    const { positionals, values } = parseCommand(name, argv, { all: { type: 'boolean' } }, ['<event_key>']);
    noExtra(name, positionals, 1);
    return { eventKey: eventKeyArg(name, positionals[0] as string), all: !!values.all };
  },
  async run(ctx, args) {
    const event = await eventByKey(ctx.db, 'bibs', args.eventKey);
    const read = await bibsReadInEvent(ctx.db, event.event_id);
    const bibs = await eventBibs(
      ctx.db,
      event,
      read.map((r) => r.bib),
    );
    const shown = args.all ? read : read.filter((r) => bibs.has(r.bib));
    const [counts] = await bibReadingCounts(ctx.db, event.event_id);
    const rule = bibRuleOf(event);
    const listed = await startListSize(ctx.db, event.event_id);
    ctx.out(
      `${event.event_key}: ${readsBibs(event) ? `bibs of ${rule.minDigits}-${rule.maxDigits} digits` : 'reads no bibs'}` +
        (rule.range ? `, ${rule.range.from}-${rule.range.to}` : '') +
        (listed > 0 ? `, start list of ${listed}` : '') +
        `; ${counts?.photos_read ?? 0} photos read, ${counts?.photos_unread ?? 0} to read`,
    );
    if (shown.length === 0) {
      ctx.out('no bib read yet');
      return;
    }
    ctx.out(
      table(
        ['bib', 'photos', ...(args.all ? ['a bib'] : [])],
        shown.map((r) => [r.bib, r.photos, ...(args.all ? [bibs.has(r.bib) ? 'yes' : 'no'] : [])]),
      ),
    );
  },
});

const readBibsAgain = command({
  name: 'read-bibs',
  args: '<event_key>',
  summary:
    "queue the reading of the bibs of an event's photos that have none read (the store's face workers do it)",
  parse(argv) {
    const name = 'read-bibs';
    const { positionals } = parseCommand(name, argv, {}, ['<event_key>']);
    noExtra(name, positionals, 1);
    return { eventKey: eventKeyArg(name, positionals[0] as string) };
  },
  async run(ctx, args) {
    const event = await eventByKey(ctx.db, 'read-bibs', args.eventKey);
    if (!readsBibs(event))
      throw new CommandFailed(`read-bibs: ${event.event_key} reads no bibs (--bib-digits off)`);
    const [counts] = await bibReadingCounts(ctx.db, event.event_id);
    const unread = counts?.photos_unread ?? 0;
    if (unread === 0) {
      ctx.out(`${event.event_key}: every indexed photo has its bibs read`);
      return;
    }
    await enqueue(ctx.db, 'read-bibs', { event_id: event.event_id });
    ctx.out(`${event.event_key}: reading the bibs of ${unread} photos (queued; see index-status)`);
  },
});

export const bibCommands: Command[] = [
  importStartList,
  showStartList,
  clearStartList,
  listBibs,
  readBibsAgain,
];
