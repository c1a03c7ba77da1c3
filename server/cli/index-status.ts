// index-status: how far face indexing has got (photos pending/indexed/failed, faces, bibs, index jobs), for one event
// or all; with --watch a one-line progress bar (stderr) redrawn every 2 s with photos/min, until nothing is pending.
// The rate is measured between the watch's own samples over the last 10 minutes: photos keep no indexed-at time.
// Race day: what each photographer has sent (in all and in the last hour), how fast photos arrive, and a
// store that falls behind (photos arriving faster than they are indexed) says so, with its backlog.
import { sql } from 'kysely';
import { bibReadingCounts } from '../db/bibs-repo';
import type { Db } from '../db/database';
import { indexProgress } from '../db/faces-repo';
import { photosByPhotographer } from '../db/photos-repo';
import { pause } from '../services/pause';
import { type CliContext, type Command, command, noExtra, parseCommand } from './args';
import { eventKeyArg } from './event-flags';
import { eventByKey } from './events';

const NAME = 'index-status';
export const WATCH_INTERVAL_MS = 2000;
export const RATE_WINDOW_MS = 10 * 60_000;

export interface IndexStatus {
  /** The event's key, or null for every event. */
  eventKey: string | null;
  photos: { pending: number; indexed: number; failed: number };
  faces: number;
  jobs: { queued: number; running: number; failed: number };
  /** Bib numbers read: reads kept, photos read, indexed photos still to read. */
  bibs: { reads: number; photosRead: number; photosUnread: number };
  /** Photos by photographer: in all, and in the last hour. */
  photographers: { id: number; photos: number; lastHour: number }[];
  /** Photos that arrived a minute, over the last ARRIVAL_WINDOW_MS. */
  arrivingPerMinute: number;
}

/** How far back the arrival rate looks. */
export const ARRIVAL_WINDOW_MS = 10 * 60_000;
const HOUR_MS = 60 * 60_000;

/** The index state of one event (by id) or of all events. */
export async function indexStatus(
  db: Db,
  event?: { event_id: number; event_key: string },
  now: Date = new Date(),
): Promise<IndexStatus> {
  const progress = await indexProgress(db, event?.event_id);
  let jobs = db
    .selectFrom('jobs')
    .select((eb) => ['state', eb.fn.countAll<string>().as('n')])
    .where('kind', '=', 'index-photo')
    .groupBy('state');
  if (event) {
    jobs = jobs.where(
      sql<boolean>`(payload->>'photo_id')::bigint in (select id from photos where event_id = ${event.event_id})`,
    );
  }
  const counts = { queued: 0, running: 0, failed: 0 };
  for (const row of await jobs.execute()) {
    if (row.state !== 'done') counts[row.state] = Number(row.n);
  }
  const bibs = { reads: 0, photosRead: 0, photosUnread: 0 };
  for (const row of await bibReadingCounts(db, event?.event_id)) {
    bibs.reads += row.reads;
    bibs.photosRead += row.photos_read;
    bibs.photosUnread += row.photos_unread;
  }
  const hourAgo = new Date(now.getTime() - HOUR_MS);
  const arrivalStart = new Date(now.getTime() - ARRIVAL_WINDOW_MS);
  const byPhotographer = await photosByPhotographer(db, [hourAgo, arrivalStart], event?.event_id);
  return {
    eventKey: event?.event_key ?? null,
    photos: progress.photos,
    faces: progress.faces,
    jobs: counts,
    bibs,
    photographers: byPhotographer.map((p) => ({
      id: p.photographer_id,
      photos: p.photos,
      lastHour: p.recent[0] ?? 0,
    })),
    arrivingPerMinute:
      byPhotographer.reduce((n, p) => n + (p.recent[1] ?? 0), 0) / (ARRIVAL_WINDOW_MS / 60_000),
  };
}

/** One sample of the indexed count, for the rate. */
export interface Sample {
  at: number;
  indexed: number;
}

/** Photos indexed per minute over the samples of the last RATE_WINDOW_MS (undefined until two samples). */
export function photosPerMinute(samples: readonly Sample[]): number | undefined {
  const last = samples.at(-1);
  const first = samples.find((s) => last && last.at - s.at <= RATE_WINDOW_MS);
  if (!first || !last || last.at <= first.at) return undefined;
  return ((last.indexed - first.indexed) / (last.at - first.at)) * 60_000;
}

const isDone = (s: IndexStatus) => s.photos.pending === 0 && s.jobs.queued === 0 && s.jobs.running === 0;

export function statusLines(s: IndexStatus, rate?: number): string[] {
  const total = s.photos.pending + s.photos.indexed + s.photos.failed;
  return [
    `index status of ${s.eventKey ?? 'all events'}: ${total} photos`,
    `photos  pending ${s.photos.pending}  indexed ${s.photos.indexed}  failed ${s.photos.failed}`,
    `faces   ${s.faces}`,
    `bibs    ${s.bibs.reads} read in ${s.bibs.photosRead} photos  ${s.bibs.photosUnread} photos to read`,
    `jobs    queued ${s.jobs.queued}  running ${s.jobs.running}  failed ${s.jobs.failed}`,
    `rate    ${rate === undefined ? 'measured with --watch' : `${rate.toFixed(1)} photos/min`}`,
    `arriving ${s.arrivingPerMinute.toFixed(1)} photos/min (last ${ARRIVAL_WINDOW_MS / 60_000} min)`,
    ...(s.photographers.length === 0
      ? []
      : [
          `by photographer  ${s.photographers
            .map((p) => `#${p.id} ${p.photos} (${p.lastHour} in the last hour)`)
            .join('  ')}`,
        ]),
    ...(behind(s, rate) ? [`BEHIND  ${behind(s, rate)}`] : []),
  ];
}

/**
 * Whether photos arrive faster than they are indexed, said with the backlog, how fast it grows and how long the
 * store needs to catch up once they stop; undefined when the store keeps up (or the rate is not measured yet).
 */
export function behind(s: IndexStatus, rate: number | undefined): string | undefined {
  if (rate === undefined || s.photos.pending === 0) return undefined;
  const growth = s.arrivingPerMinute - rate;
  if (growth <= 0.05 * Math.max(rate, 1)) return undefined;
  return (
    `photos arrive at ${s.arrivingPerMinute.toFixed(1)}/min, indexed at ${rate.toFixed(1)}/min: ` +
    `${s.photos.pending} waiting, ${growth.toFixed(1)} more each minute, caught up about ` +
    `${Math.ceil(s.photos.pending / rate)} min after photos stop arriving (add FACE_WORKERS or npm run worker)`
  );
}

/** `[########------------] 40/100 photos (2 failed) 12.5 photos/min, about 5 min left` */
export function progressBar(s: IndexStatus, rate?: number, width = 24): string {
  const total = s.photos.pending + s.photos.indexed + s.photos.failed;
  const done = s.photos.indexed + s.photos.failed;
  const filled = total === 0 ? width : Math.round((done / total) * width);
  const left =
    rate && rate > 0 && s.photos.pending > 0 ? `, about ${Math.ceil(s.photos.pending / rate)} min left` : '';
  const speed = rate === undefined ? 'measuring photos/min' : `${rate.toFixed(1)} photos/min`;
  const failed = s.photos.failed ? ` (${s.photos.failed} failed)` : '';
  const falling = behind(s, rate) ? `, BEHIND: arriving ${s.arrivingPerMinute.toFixed(1)}/min` : '';
  const bar = `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${done}/${total} photos${failed} ${speed}`;
  return `${bar}${falling ? falling : left}`;
}

export interface WatchOptions {
  intervalMs?: number;
  /** Stops the watch (Ctrl-C). */
  signal?: AbortSignal;
  /** Milliseconds now (tests). */
  clock?: () => number;
  /** Waits between samples; resolves early on abort (tests pass a fake). */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

/** Redraws the progress bar until nothing is pending or the signal aborts; answers the last status and rate. */
export async function watchIndex(
  ctx: Pick<CliContext, 'db' | 'note'>,
  event: { event_id: number; event_key: string } | undefined,
  options: WatchOptions = {},
): Promise<{ status: IndexStatus; rate: number | undefined }> {
  const clock = options.clock ?? Date.now;
  const sleep = options.sleep ?? pause;
  const samples: Sample[] = [];
  for (;;) {
    const status = await indexStatus(ctx.db, event);
    const now = clock();
    samples.push({ at: now, indexed: status.photos.indexed + status.photos.failed });
    while (samples.length > 2 && now - (samples[1]?.at ?? now) >= RATE_WINDOW_MS) samples.shift();
    const rate = photosPerMinute(samples);
    ctx.note(progressBar(status, rate), { progress: true });
    if (isDone(status) || options.signal?.aborted) return { status, rate };
    await sleep(options.intervalMs ?? WATCH_INTERVAL_MS, options.signal);
    if (options.signal?.aborted) return { status, rate };
  }
}

const indexStatusCommand = command({
  name: NAME,
  args: '[event_key] [--watch]',
  summary: 'face indexing progress: photos pending/indexed/failed, faces, jobs; --watch draws a progress bar',
  parse(argv) {
    const { positionals, values } = parseCommand(NAME, argv, { watch: { type: 'boolean' } }, []);
    noExtra(NAME, positionals, 1);
    const eventKey = positionals[0];
    return {
      eventKey: eventKey === undefined ? undefined : eventKeyArg(NAME, eventKey),
      watch: !!values.watch,
    };
  },
  async run(ctx, args) {
    const event = args.eventKey === undefined ? undefined : await eventByKey(ctx.db, NAME, args.eventKey);
    if (!args.watch) {
      for (const line of statusLines(await indexStatus(ctx.db, event))) ctx.out(line);
      return;
    }
    // Ctrl-C ends the watch cleanly: the summary is printed and the database closed as usual.
    const stop = new AbortController();
    const onInterrupt = () => stop.abort();
    process.once('SIGINT', onInterrupt);
    try {
      const { status, rate } = await watchIndex(ctx, event, { signal: stop.signal });
      for (const line of statusLines(status, rate)) ctx.out(line);
    } finally {
      process.off('SIGINT', onInterrupt);
    }
  },
});

export const indexCommands: Command[] = [indexStatusCommand];
