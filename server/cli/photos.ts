// The import-photos command: every file of a folder into an event, with progress on stderr and a summary.
import fs from 'node:fs/promises';
import { hasStage } from '../db/events-repo';
import { importFolder } from '../services/photo-import';
import { type Command, command, intArg, noExtra, parseCommand, UsageError } from './args';
import { eventKeyArg } from './event-flags';
import { eventByKey } from './events';

const perMinute = (done: number, ms: number) => (ms > 0 ? Math.round((done * 60_000) / ms) : 0);

const importPhotos = command({
  name: 'import-photos',
  args: '<event_key> <folder> [--photographer N] [--stage ID] [--highlight]',
  summary: 'import every image of a folder (not subfolders) into an event and queue face indexing',
  parse(argv) {
    const name = 'import-photos';
    const options = {
      photographer: { type: 'string' },
      stage: { type: 'string' },
      highlight: { type: 'boolean' },
    } as const;
    const { values, positionals } = parseCommand(name, argv, options, ['<event_key>', '<folder>']);
    noExtra(name, positionals, 2);
    return {
      eventKey: eventKeyArg(name, positionals[0] as string),
      folder: positionals[1] as string,
      photographerId:
        values.photographer === undefined
          ? undefined
          : intArg(name, 'photographer', values.photographer, 0, 2_147_483_647),
      stageId: values.stage === undefined ? undefined : intArg(name, 'stage', values.stage, 1, 2_147_483_647),
      isHighlight: values.highlight ?? false,
    };
  },
  async run(ctx, args) {
    const name = 'import-photos';
    const event = await eventByKey(ctx.db, name, args.eventKey);
    const stat = await fs.stat(args.folder).catch(() => undefined);
    if (!stat?.isDirectory()) throw new UsageError(`${name}: ${args.folder} is not a folder`);
    if (args.stageId !== undefined && !(await hasStage(ctx.db, event.event_id, args.stageId))) {
      throw new UsageError(
        `${name}: stage ${args.stageId} is not a stage of ${args.eventKey} (see show-event)`,
      );
    }
    const started = Date.now();
    let lastShown = 0;
    let refusedSoFar = 0;
    const result = await importFolder(
      ctx,
      args.eventKey,
      args.folder,
      {
        ...(args.photographerId !== undefined ? { photographerId: args.photographerId } : {}),
        stageId: args.stageId ?? null,
        isHighlight: args.isHighlight,
      },
      ({ file, done, total, result: outcome }) => {
        if ('refused' in outcome) ctx.note(`refused ${file}: ${outcome.refused}`);
        if ('failed' in outcome) ctx.note(`failed ${file}: ${outcome.failed}`);
        if (!('photoId' in outcome)) refusedSoFar += 1;
        const now = Date.now();
        if (done === total || now - lastShown >= 500) {
          lastShown = now;
          const rate = perMinute(done - refusedSoFar, now - started);
          const refused = refusedSoFar ? `, ${refusedSoFar} refused` : '';
          ctx.note(`${done}/${total} files, ${rate} photos/min${refused}`, { progress: true });
        }
      },
    );
    const elapsed = Date.now() - started;
    if (result.total === 0) {
      ctx.out(`no files in ${args.folder}`);
      return;
    }
    ctx.out(
      `imported ${result.imported} of ${result.total} files into ${args.eventKey} in ` +
        `${(elapsed / 1000).toFixed(1)} s (${perMinute(result.imported, elapsed)} photos/min); ` +
        `${result.imported} face index jobs queued`,
    );
    if (result.refused.length) {
      ctx.out(`refused ${result.refused.length}:`);
      for (const r of result.refused) ctx.out(`  ${r.file}: ${r.reason}`);
    }
  },
});

export const photoCommands: Command[] = [importPhotos];
