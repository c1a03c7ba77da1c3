// Admin commands over events: create, update, price tiers, stages, wholesale packages, listing. Face search is the
// organiser's word: off, the event's faces are deleted (its bib reads kept) and none is kept; on again, its photos
// are indexed again.
import { adminActor, writeAudit } from '../db/audit-repo';
import type { Db } from '../db/database';
import {
  addStage,
  findByKey,
  insertEvent,
  listsOf,
  replacePackages,
  replacePackagesHb,
  updateEvent,
} from '../db/events-repo';
import { deleteFacesOfEvent, queueEventForIndexing } from '../db/faces-repo';
import { deleteFaceAlertsOfEvent } from '../db/photo-alerts-repo';
import type { EventRow } from '../db/schema';
import { findTeam } from '../db/teams-repo';
import { storeCardFrame } from '../services/card-frame';
import { coverJpegFor } from '../services/demo-covers';
import { deleteSizedImage, storeSizedImage } from '../services/sized-images';
import { type CliContext, type Command, command, noExtra, parseCommand, priceArg, UsageError } from './args';
import {
  EVENT_FLAGS_HELP,
  eventKeyArg,
  parseEventFlags,
  UNINFORMED_FACE_SEARCH_WARNING,
  UPDATE_FLAGS_HELP,
} from './event-flags';
import { readCardFrameFile, storeImageFile } from './image-file';
import { listEventsTable } from './list-events';

export async function eventByKey(db: Db, name: string, eventKey: string): Promise<EventRow> {
  const event = await findByKey(db, eventKey);
  if (!event) throw new UsageError(`${name}: no event with key "${eventKey}" (see list-events)`);
  return event;
}

async function checkTeam(ctx: CliContext, name: string, team: string | undefined): Promise<void> {
  if (team !== undefined && !(await findTeam(ctx.db, team))) {
    throw new UsageError(`${name}: no team with key "${team}" (create it with create-team)`);
  }
}

const createEvent = command({
  name: 'create-event',
  args: `<event_key> ${EVENT_FLAGS_HELP}`,
  summary:
    'create an event (without --cover one is drawn); face search is on only with --runners-informed or ' +
    '--face-search on; then set-packages',
  parse: (argv) => parseEventFlags('create-event', argv, true),
  async run(ctx, flags) {
    const name = 'create-event';
    if (await findByKey(ctx.db, flags.eventKey)) {
      throw new UsageError(`${name}: event "${flags.eventKey}" already exists (change it with update-event)`);
    }
    await checkTeam(ctx, name, flags.team);
    // Every file checked before anything is stored: a refusal leaves nothing behind.
    const frame = flags.cardFrame ? await readCardFrameFile(name, flags.cardFrame) : undefined;
    const cover = flags.cover
      ? await storeImageFile(ctx, name, flags.cover, `${flags.eventKey}/cover`)
      : await storeSizedImage(ctx.store, `${flags.eventKey}/cover`, await coverJpegFor(flags.eventKey));
    const cardFrame = frame ? await storeCardFrame(ctx.store, flags.eventKey, frame) : null;
    const { patch } = flags;
    let eventId: number;
    try {
      eventId = await insertEvent(ctx.db, {
        event: {
          title: '',
          eventdate: '',
          event_date_text: '',
          province: '',
          on_sale_start: new Date(0),
          on_sale_end: new Date(0),
          // RETENTION_DAYS: how long a new event's photos are kept after its date.
          retention_days: ctx.retentionDays,
          ...patch,
          event_key: flags.eventKey,
          cover_object: cover,
          card_frame: cardFrame,
          team_key: flags.team ?? null,
        },
      });
    } catch (error) {
      await deleteSizedImage(ctx.store, cover);
      if (cardFrame) await ctx.store.delete(cardFrame);
      throw error;
    }
    ctx.out(`created event ${flags.eventKey} (id ${eventId})`);
    ctx.out(faceSearchLine(patch.face_search === true));
    if (patch.face_search && !patch.runners_informed) ctx.note(UNINFORMED_FACE_SEARCH_WARNING);
    ctx.out(`next: npm run admin -- set-packages ${flags.eventKey} 1=60 5=250 10=450 20=800`);
  },
});

const updateEventCommand = command({
  name: 'update-event',
  args: `<event_key> ${UPDATE_FLAGS_HELP}`,
  summary:
    'change an event: only the flags given change; --face-search off deletes its faces (bib reads kept), ' +
    'on queues its photos for indexing',
  parse: (argv) => parseEventFlags('update-event', argv, false),
  async run(ctx, flags) {
    const name = 'update-event';
    const event = await eventByKey(ctx.db, name, flags.eventKey);
    await checkTeam(ctx, name, flags.team);
    const start = new Date(flags.patch.on_sale_start ?? event.on_sale_start);
    const end = new Date(flags.patch.on_sale_end ?? event.on_sale_end);
    if (end < start)
      throw new UsageError(`${name}: the sale would end (${end.toISOString()}) before it starts`);
    const patch = { ...flags.patch, ...(flags.team ? { team_key: flags.team } : {}) };
    // Every file checked before anything is stored: a refusal leaves nothing behind.
    const frame =
      flags.cardFrame && flags.cardFrame !== 'off'
        ? await readCardFrameFile(name, flags.cardFrame)
        : undefined;
    if (flags.cover)
      patch.cover_object = await storeImageFile(ctx, name, flags.cover, `${flags.eventKey}/cover`);
    if (flags.cardFrame === 'off') patch.card_frame = null;
    else if (frame) patch.card_frame = await storeCardFrame(ctx.store, flags.eventKey, frame);
    const faceSearch = patch.face_search ?? event.face_search;
    const turned = faceSearch === event.face_search ? undefined : faceSearch ? 'on' : 'off';
    const changed = await ctx.db
      .transaction()
      .execute(async (trx) => {
        await updateEvent(trx, event.event_id, patch);
        if (turned === 'off') {
          const deleted = await deleteFacesOfEvent(trx, event.event_id);
          // Runners' alerts keep a face to match new photos with: they go too.
          const alerts = await deleteFaceAlertsOfEvent(trx, event.event_id);
          await writeAudit(trx, {
            actor: adminActor(),
            action: 'face search off: faces deleted',
            subject: flags.eventKey,
            records: deleted.faces + alerts,
          });
          return { deleted: { ...deleted, alerts } };
        }
        if (turned === 'on') {
          const queued = await queueEventForIndexing(trx, event.event_id);
          await writeAudit(trx, {
            actor: adminActor(),
            action: 'face search on: photos queued for indexing',
            subject: flags.eventKey,
            records: queued,
          });
          return { queued };
        }
        return {};
      })
      .catch(async (error: unknown) => {
        // Not changed: the files stored for it are no one's.
        if (patch.cover_object) await deleteSizedImage(ctx.store, patch.cover_object);
        if (patch.card_frame) await ctx.store.delete(patch.card_frame);
        throw error;
      });
    // The old cover is unreachable once the row points at the new one.
    if (patch.cover_object && event.cover_object !== patch.cover_object)
      await deleteSizedImage(ctx.store, event.cover_object);
    if (patch.card_frame !== undefined && event.card_frame && event.card_frame !== patch.card_frame)
      await ctx.store.delete(event.card_frame);
    ctx.out(`updated event ${flags.eventKey}: ${Object.keys(patch).join(', ')}`);
    if (changed.deleted) {
      const { faces, photos, bibReads, alerts } = changed.deleted;
      ctx.out(
        `${faceSearchLine(false)}: deleted ${faces} faces of ${photos} photos with their descriptors` +
          `${alerts > 0 ? ` and ${alerts} runners' face alerts` : ''}; ` +
          `${bibReads} bib reads kept (running stores forget the faces within seconds)`,
      );
    }
    if (changed.queued !== undefined)
      ctx.out(`${faceSearchLine(true)}: queued ${changed.queued} photos for indexing (see index-status)`);
    if (!faceSearch && patch.runners_informed)
      ctx.out(`face search stays off for ${flags.eventKey}: turn it on with --face-search on`);
    const informed = patch.runners_informed ?? event.runners_informed;
    if (faceSearch && !informed && (turned === 'on' || patch.runners_informed === false))
      ctx.note(UNINFORMED_FACE_SEARCH_WARNING);
  },
});

/** What an event's face search now is, for the admin. */
const faceSearchLine = (on: boolean) =>
  on ? 'face search on' : 'face search off (bib search only; no face is kept)';

const setPackages = command({
  name: 'set-packages',
  args: '<event_key> <photos=price> … (e.g. 1=60 5=250 10=450 20=800)',
  summary: "replace an event's price tiers",
  parse(argv) {
    const name = 'set-packages';
    const { positionals } = parseCommand(name, argv, {}, ['<event_key>', '<photos=price>']);
    const eventKey = eventKeyArg(name, positionals[0] as string);
    const packages = positionals.slice(1).map((pair) => {
      const m = /^(\d{1,4})=(.+)$/.exec(pair);
      const count = Number(m?.[1]);
      if (!m || count < 1) throw new UsageError(`${name}: "${pair}" is not photos=price (e.g. 5=250)`);
      const price = priceArg(name, `the price in "${pair}"`, m[2] as string);
      return {
        name: `${count} ภาพ`,
        name_en: `${count} photo${count === 1 ? '' : 's'}`,
        number_of_photo: count,
        price,
      };
    });
    const counts = packages.map((p) => p.number_of_photo);
    const twice = counts.find((c, i) => counts.indexOf(c) !== i);
    if (twice !== undefined) throw new UsageError(`${name}: ${twice} photos is given twice`);
    return { eventKey, packages: packages.sort((a, b) => a.number_of_photo - b.number_of_photo) };
  },
  async run(ctx, { eventKey, packages }) {
    const event = await eventByKey(ctx.db, 'set-packages', eventKey);
    await replacePackages(ctx.db, event.event_id, packages);
    ctx.out(`${eventKey}: ${packages.map((p) => `${p.number_of_photo} for ${p.price}`).join(', ')}`);
  },
});

const nameOption = (name: string, flag: string, value: string | undefined) => {
  const trimmed = value?.trim() ?? '';
  if (!trimmed) throw new UsageError(`${name}: --${flag} is required`);
  if (trimmed.length > 100) throw new UsageError(`${name}: --${flag} is longer than 100 characters`);
  return trimmed;
};

const addStageCommand = command({
  name: 'add-stage',
  args: '<event_key> --name NAME --name-en NAME',
  summary: 'add a stage (photo spot) to an event; prints its id for import-photos --stage',
  parse(argv) {
    const name = 'add-stage';
    const options = { name: { type: 'string' }, 'name-en': { type: 'string' } } as const;
    const { values, positionals } = parseCommand(name, argv, options, ['<event_key>']);
    noExtra(name, positionals, 1);
    return {
      eventKey: eventKeyArg(name, positionals[0] as string),
      stageName: nameOption(name, 'name', values.name),
      stageNameEn: nameOption(name, 'name-en', values['name-en']),
    };
  },
  async run(ctx, { eventKey, stageName, stageNameEn }) {
    const event = await eventByKey(ctx.db, 'add-stage', eventKey);
    const id = await addStage(ctx.db, event.event_id, stageName, stageNameEn);
    ctx.out(`added stage ${id} "${stageName}" (${stageNameEn}) to ${eventKey}`);
    if (!event.is_event_stage)
      ctx.out(`note: ${eventKey} is not a stage event yet: update-event ${eventKey} --stage`);
  },
});

const setWholesale = command({
  name: 'set-wholesale-packages',
  args: '<event_key> "ชื่อ|Name" …',
  summary: "replace an event's wholesale (photographer team) packages",
  parse(argv) {
    const name = 'set-wholesale-packages';
    const { positionals } = parseCommand(name, argv, {}, ['<event_key>', '"ชื่อ|Name"']);
    const eventKey = eventKeyArg(name, positionals[0] as string);
    const packages = positionals.slice(1).map((pair) => {
      const [th, en, ...rest] = pair.split('|').map((s) => s.trim());
      if (!th || !en || rest.length > 0 || th.length > 100 || en.length > 100) {
        throw new UsageError(`${name}: "${pair}" is not "Thai name|English name"`);
      }
      return { name: th, name_en: en };
    });
    return { eventKey, packages };
  },
  async run(ctx, { eventKey, packages }) {
    const event = await eventByKey(ctx.db, 'set-wholesale-packages', eventKey);
    await replacePackagesHb(ctx.db, event.event_id, packages);
    ctx.out(
      `${eventKey}: ${packages.length} wholesale packages: ${packages.map((p) => p.name_en).join(', ')}`,
    );
  },
});

const listEvents = command({
  name: 'list-events',
  summary: 'list every event with its sale window',
  parse(argv) {
    noExtra('list-events', parseCommand('list-events', argv, {}, []).positionals, 0);
  },
  async run(ctx) {
    ctx.out(await listEventsTable(ctx.db, ctx.now()));
  },
});

const showEvent = command({
  name: 'show-event',
  args: '<event_key>',
  summary: "an event's settings, price tiers, stages and wholesale packages",
  parse(argv) {
    const { positionals } = parseCommand('show-event', argv, {}, ['<event_key>']);
    noExtra('show-event', positionals, 1);
    return eventKeyArg('show-event', positionals[0] as string);
  },
  async run(ctx, eventKey) {
    const event = await eventByKey(ctx.db, 'show-event', eventKey);
    const lists = await listsOf(ctx.db, event.event_id);
    const { created_at: _created, ...fields } = event;
    for (const [key, value] of Object.entries(fields)) {
      ctx.out(`${key.padEnd(31)} ${value instanceof Date ? value.toISOString() : String(value)}`);
    }
    ctx.out(
      `packages  ${lists.packages.map((p) => `${p.number_of_photo}=${p.price}`).join(' ') || '(none)'}`,
    );
    ctx.out(`stages    ${lists.stages.map((s) => `${s.id}:${s.name_en}`).join(', ') || '(none)'}`);
    ctx.out(`wholesale ${lists.packagesHb.map((p) => `${p.name}|${p.name_en}`).join(', ') || '(none)'}`);
  },
});

export const eventCommands: Command[] = [
  createEvent,
  updateEventCommand,
  setPackages,
  addStageCommand,
  setWholesale,
  listEvents,
  showEvent,
];
