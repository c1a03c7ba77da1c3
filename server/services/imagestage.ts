// The stage (manual) photo search of SPEC §2 Stage page: an event's photos by stage and hour, in taken order.
import type { Photo } from '../../core/contract/photos';
import type { AppContext } from '../context';
import * as events from '../db/events-repo';
import type { StageFilter } from '../db/photos-repo';
import * as photos from '../db/photos-repo';
import { accept, type Outcome, type Refusal, refuse } from './outcome';
import { toApiPhoto } from './photo-shape';

export type ImageStageContext = Pick<AppContext, 'db' | 'photoPassSecret'>;

export interface StageQuery {
  event_id: number;
  /** A stage id, or 0 / "" for every stage. */
  event_stages_id: number | '';
  /** "" or "startISO/endISO": taken at or after start and before end. */
  event_image_duration: string;
  /** Given by the page call: it must name the same event as event_id. */
  event_key?: string;
}

/** A refusal naming the field, its message led by the field as validation refusals are. */
const refuseField = (status: 400 | 404, field: string, message: string): Refusal =>
  refuse(status, `${field}: ${message}`, { field });

/** Event and stage ids are PostgreSQL integers: a larger id names nothing (and must not reach the query). */
const INT4_MAX = 2_147_483_647;
/** Times outside these years are typing mistakes, and some would be out of PostgreSQL's range. */
const EARLIEST = Date.UTC(1900, 0, 1);
const LATEST = Date.UTC(10_000, 0, 1);

function parseDuration(text: string): Outcome<StageFilter['range']> {
  if (text === '') return accept(null);
  const [from, to] = text.split('/').map((part) => Date.parse(part));
  if (from === undefined || to === undefined || Number.isNaN(from) || Number.isNaN(to)) {
    return refuseField(400, 'event_image_duration', 'must be "" or "start/end"');
  }
  if (from < EARLIEST || to > LATEST) return refuseField(400, 'event_image_duration', 'is out of range');
  if (to <= from) return refuseField(400, 'event_image_duration', 'must end after it starts');
  return accept({ from: new Date(from), to: new Date(to) });
}

/** Checks the query against the database: the event exists, has stages, and owns the stage. */
export async function resolveFilter(
  ctx: ImageStageContext,
  query: StageQuery,
): Promise<Outcome<StageFilter>> {
  const range = parseDuration(query.event_image_duration);
  if (!range.ok) return range;
  const event = query.event_id <= INT4_MAX ? await events.findById(ctx.db, query.event_id) : undefined;
  if (!event) return refuseField(404, 'event_id', 'event not found');
  if (query.event_key !== undefined && query.event_key !== event.event_key) {
    const named = await events.findByKey(ctx.db, query.event_key);
    if (!named) return refuseField(404, 'event_key', 'event not found');
    return refuseField(400, 'event_key', 'names a different event than event_id');
  }
  if (!event.is_event_stage) return refuseField(400, 'event_id', 'event has no stages');
  const stage = query.event_stages_id;
  const stageId = stage === '' || stage === 0 ? null : stage;
  if (stageId !== null && (stageId > INT4_MAX || !(await events.hasStage(ctx.db, event.event_id, stageId)))) {
    return refuseField(400, 'event_stages_id', 'is not a stage of this event');
  }
  return accept({ eventId: event.event_id, stageId, range: range.value });
}

export async function stagePhotoCount(ctx: ImageStageContext, query: StageQuery): Promise<Outcome<number>> {
  const filter = await resolveFilter(ctx, query);
  if (!filter.ok) return filter;
  return accept(await photos.countStagePhotos(ctx.db, filter.value));
}

export async function stagePhotoPage(
  ctx: ImageStageContext,
  query: StageQuery & { event_key: string },
  page: number,
  pageSize: number,
): Promise<Outcome<Photo[]>> {
  const filter = await resolveFilter(ctx, query);
  if (!filter.ok) return filter;
  const rows = await photos.listStagePhotos(ctx.db, filter.value, page, pageSize);
  return accept(rows.map((row) => toApiPhoto(row, ctx.photoPassSecret)));
}
