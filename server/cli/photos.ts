// The import-photos command: every file of a folder into an event, with progress on stderr and a summary; and watch:
// a hot folder whose new photos are imported as they land.
import fs from 'node:fs/promises';
import { hasStage } from '../db/events-repo';
import type { EventRow } from '../db/schema';
import { watchFolder } from '../services/hot-folder';
import { importFolder } from '../services/photo-import';
import { type CliContext, type Command, command, intArg, noExtra, parseCommand, UsageError } from './args';
import { eventKeyArg } from './event-flags';
import { eventByKey } from './events';

const perMinute = (done: number, ms: number) => (ms > 0 ? Math.round((done * 60_000) / ms) : 0);

/** The options import-photos and watch share: who took the photos, and the stage they belong to. */
const folderOptions = {
  photographer: { type: 'string' },
  stage: { type: 'string' },
} as const;

type FolderValues = { photographer?: string | undefined; stage?: string | undefined };

/** `<event_key> <folder>` with the shared options, checked. */
function folderArgs(name: string, positionals: string[], values: FolderValues) {
  noExtra(name, positionals, 2);
  return {
    eventKey: eventKeyArg(name, positionals[0] as string),
    folder: positionals[1] as string,
    photographerId:
      values.photographer === undefined
        ? undefined
        : intArg(name, 'photographer', values.photographer, 0, 2_147_483_647),
    stageId: values.stage === undefined ? undefined : intArg(name, 'stage', values.stage, 1, 2_147_483_647),
  };
}

/** The event photos go into, once the folder is one and the stage is the event's. */
async function folderTarget(
  ctx: CliContext,
  name: string,
  args: ReturnType<typeof folderArgs>,
): Promise<EventRow> {
  const event = await eventByKey(ctx.db, name, args.eventKey);
  const stat = await fs.stat(args.folder).catch(() => undefined);
  if (!stat?.isDirectory()) throw new UsageError(`${name}: ${args.folder} is not a folder`);
  if (args.stageId !== undefined && !(await hasStage(ctx.db, event.event_id, args.stageId))) {
    throw new UsageError(
      `${name}: stage ${args.stageId} is not a stage of ${args.eventKey} (see show-event)`,
    );
  }
  return event;
}

const importPhotos = command({
  name: 'import-photos',
  args: '<event_key> <folder> [--photographer N] [--stage ID] [--highlight]',
  summary: 'import every image of a folder (not subfolders) into an event and queue face indexing',
  parse(argv) {
    const name = 'import-photos';
    const options = { ...folderOptions, highlight: { type: 'boolean' } } as const;
    const { values, positionals } = parseCommand(name, argv, options, ['<event_key>', '<folder>']);
    return { ...folderArgs(name, positionals, values), isHighlight: values.highlight ?? false };
  },
  async run(ctx, args) {
    await folderTarget(ctx, 'import-photos', args);
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

const watchFolderCommand = command({
  name: 'watch',
  args: '<event_key> <folder> [--photographer N] [--stage ID] [--interval SECONDS]',
  summary:
    'a hot folder beside the running store: import each new photo once it is complete (size steady, not a temporary ' +
    'name), each content once (also after a restart), until Ctrl-C',
  parse(argv) {
    const name = 'watch';
    const options = { ...folderOptions, interval: { type: 'string' } } as const;
    const { values, positionals } = parseCommand(name, argv, options, ['<event_key>', '<folder>']);
    return {
      ...folderArgs(name, positionals, values),
      intervalMs:
        values.interval === undefined ? 2000 : intArg(name, 'interval', values.interval, 1, 3600) * 1000,
    };
  },
  async run(ctx, args) {
    const event = await folderTarget(ctx, 'watch', args);
    ctx.out(`watching ${args.folder} for ${event.event_key} (Ctrl-C to stop)`);
    const stop = new AbortController();
    const onInterrupt = () => stop.abort();
    process.once('SIGINT', onInterrupt);
    process.once('SIGTERM', onInterrupt);
    try {
      const summary = await watchFolder(
        ctx,
        event,
        args.folder,
        {
          ...(args.photographerId !== undefined ? { photographerId: args.photographerId } : {}),
          stageId: args.stageId ?? null,
          intervalMs: args.intervalMs,
          signal: stop.signal,
          ...(ctx.watchRounds !== undefined ? { rounds: ctx.watchRounds, sleep: async () => {} } : {}),
        },
        (outcome) => {
          if ('imported' in outcome) ctx.out(`imported ${outcome.file} (photo ${outcome.imported})`);
          else if ('duplicateOf' in outcome)
            ctx.note(`already imported ${outcome.file} (photo ${outcome.duplicateOf})`);
          else if ('refused' in outcome) ctx.note(`refused ${outcome.file}: ${outcome.refused}`);
          else
            ctx.note(
              `failed ${outcome.file}: ${outcome.failed}${outcome.willRetry ? ' (will try again)' : ''}`,
            );
        },
      );
      ctx.out(
        `stopped: ${summary.imported} imported, ${summary.duplicates} already there, ${summary.refused} refused` +
          (summary.failed ? `, ${summary.failed} failed` : ''),
      );
    } finally {
      process.off('SIGINT', onInterrupt);
      process.off('SIGTERM', onInterrupt);
    }
  },
});

photoCommands.push(watchFolderCommand);
