// Bib numbers (issue 36): import an event's start list, list the bibs read in an event with their photos, and
// read again the bibs of photos that have none read (the running store's face workers do it).
import fs from 'node:fs/promises';
import { bibRuleOf, eventBibs, readsBibs } from '../bibs/event-bibs';
import { readStartList } from '../bibs/start-list';
import { bibReadingCounts, bibsReadInEvent, replaceStartList, startListSize } from '../db/bibs-repo';
import { enqueue } from '../jobs/queue';
import { type Command, CommandFailed, command, noExtra, parseCommand, table, UsageError } from './args';
import { eventKeyArg } from './event-flags';
import { eventByKey } from './events';

/** The most problems of a refused start list printed (the count of the rest follows). */
const PROBLEMS_SHOWN = 20;

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
    if (!list.ok) {
      const shown = list.problems.slice(0, PROBLEMS_SHOWN);
      const more = list.problems.length - shown.length;
      throw new CommandFailed(
        [
          `${name}: ${args.file} was not imported (${list.problems.length} problem${list.problems.length === 1 ? '' : 's'}; the event's list is unchanged):`,
          ...shown.map((p) => `  ${p}`),
          ...(more > 0 ? [`  … and ${more} more`] : []),
        ].join('\n'),
      );
    }
    const before = await startListSize(ctx.db, event.event_id);
    await replaceStartList(ctx.db, event.event_id, list.rows);
    ctx.out(
      `${event.event_key}: start list of ${list.rows.length} runners imported` +
        (before > 0 ? ` (replacing ${before})` : ''),
    );
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

export const bibCommands: Command[] = [importStartList, listBibs, readBibsAgain];
