// Runners' face removals (their objection to being found by face): the list, and the shop owner's undo when a runner
// says someone else removed them. Each look and each undo is written to the audit trail.
import { adminActor, writeAudit } from '../db/audit-repo';
import { listRemovals } from '../db/removal-requests-repo';
import { undoRemovals } from '../services/privacy/face-removal';
import { type Command, CommandFailed, command, intArg, noExtra, parseCommand, table } from './args';

const bangkokTime = (at: Date | null) =>
  at === null
    ? ''
    : new Intl.DateTimeFormat('en-GB', {
        dateStyle: 'medium',
        timeStyle: 'short',
        timeZone: 'Asia/Bangkok',
      }).format(new Date(at));

const removals = command({
  name: 'removals',
  args: '[--undo ID] [--json]',
  summary:
    "runners' requests to remove their face from search (who confirmed them, masked; when; faces and photos taken " +
    'out); --undo ID gives a removal back (the photos are indexed again and their previews unblurred)',
  parse(argv) {
    const name = 'removals';
    const options = { undo: { type: 'string' }, json: { type: 'boolean' } } as const;
    const { values, positionals } = parseCommand(name, argv, options, []);
    noExtra(name, positionals, 0);
    return {
      undo: values.undo === undefined ? undefined : intArg(name, 'undo', values.undo, 1, 2_147_483_647),
      json: values.json === true,
    };
  },
  async run(ctx, args) {
    const actor = adminActor();
    if (args.undo !== undefined) {
      const undone = await undoRemovals(ctx, { id: args.undo, by: 'owner' }, actor);
      if (!undone.ok) throw new CommandFailed(`removals: no active removal ${args.undo} (see removals)`);
      ctx.out(
        `removal ${args.undo} undone: ${undone.value.photos} photos are being indexed again and their previews ` +
          'made without the blur',
      );
      return;
    }
    const rows = await listRemovals(ctx.db);
    await writeAudit(ctx.db, { actor, action: 'removals listed', records: rows.length });
    if (args.json) {
      ctx.out(JSON.stringify(rows));
      return;
    }
    if (rows.length === 0) {
      ctx.out('no face removals');
      return;
    }
    ctx.out(
      table(
        ['removal', 'contact', 'state', 'confirmed (Bangkok)', 'undone (Bangkok)', 'faces', 'photos'],
        rows.map((r) => [
          r.id,
          r.contact_masked,
          r.state === 'undone' ? `undone by ${r.undone_by ?? '?'}` : r.state,
          bangkokTime(r.confirmed_at),
          bangkokTime(r.undone_at),
          r.faces_removed,
          r.photos,
        ]),
      ),
    );
  },
});

export const removalCommands: Command[] = [removals];
