// The events calls of SPEC §7: request and answer shapes shared by the PWA (to parse) and the server (to validate).
import * as v from 'valibot';
import { EVENTS_PAGE_SIZE } from '../constants';
import { decimalStringSchema, eventKeySchema, successAnswerSchema, ynSchema } from './common';

export const eventsBasePath = '/v1/events';

const isoDateTimeSchema = v.pipe(v.string(), v.isoTimestamp());
const isoDateSchema = v.pipe(v.string(), v.isoDate());

/** An event as the lists show it (home grid, team page, upcoming list). */
export const eventSummarySchema = v.object({
  event_id: v.number(),
  event_key: v.string(),
  title: v.string(),
  coverurl: v.string(),
  event_date_text: v.string(),
  eventdate: isoDateSchema,
  province: v.string(),
  pin: v.picklist([0, 1]),
  team_key: v.nullable(v.string()),
  on_sale_start: isoDateTimeSchema,
  on_sale_end: isoDateTimeSchema,
  on_sale_start_txt: v.string(),
  day_diff: v.number(),
  can_sale: ynSchema,
  close_sale: ynSchema,
  is_hybrid: ynSchema,
  is_event_stage: ynSchema,
  is_mhao: ynSchema,
  is_mhao_hybrid: ynSchema,
  is_free_download: ynSchema,
  is_free_download_keep_contract: ynSchema,
});
export type EventSummary = v.InferOutput<typeof eventSummarySchema>;

export const packageSchema = v.object({
  name: v.string(),
  name_en: v.string(),
  number_of_photo: v.number(),
  price: decimalStringSchema,
});
export type Package = v.InferOutput<typeof packageSchema>;

export const packageHbSchema = v.object({ name: v.string(), name_en: v.string() });
export type PackageHb = v.InferOutput<typeof packageHbSchema>;

export const stageSchema = v.object({ id: v.number(), name: v.string(), name_en: v.string() });
export type Stage = v.InferOutput<typeof stageSchema>;

/** An event's bib search, as its page needs it (in the event detail): the digits it takes, and names or not. */
export const bibSearchSettingsSchema = v.object({
  min_digits: v.number(),
  max_digits: v.number(),
  /** The event's bib numbers lie within this range (inclusive), when it has one. */
  range: v.optional(v.object({ from: v.number(), to: v.number() })),
  /** The event has a start list: runners can find their bib by name. */
  by_name: v.boolean(),
});
export type BibSearchSettings = v.InferOutput<typeof bibSearchSettingsSchema>;

/** One event with everything its page needs (SPEC §3 Event). */
export const eventDetailSchema = v.object({
  ...eventSummarySchema.entries,
  mhao_price: decimalStringSchema,
  hybrid_mhao_price: decimalStringSchema,
  face_threshold: v.number(),
  max_face_search: v.number(),
  caption_button_buy_all: v.string(),
  payment_currency: v.string(),
  package: v.array(packageSchema),
  package_hb: v.array(packageHbSchema),
  stage: v.array(stageSchema),
  /** Our addition: search by bib number (absent: the event reads no bibs). */
  bib_search: v.optional(bibSearchSettingsSchema),
  /**
   * Our addition: whether the event may be searched by face, as its organiser chose (N: bib search only, no face of
   * it is kept). Absent (older answers): Y. Read it as `face_search !== 'N'`.
   */
  face_search: v.optional(ynSchema),
});
export type EventDetail = v.InferOutput<typeof eventDetailSchema>;

/** POST /v1/events/pagination */
export const eventsPaginationRequestSchema = v.object({
  page: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100_000)),
  page_size: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100)), EVENTS_PAGE_SIZE),
  total_event_onsale: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
  page_tab: v.optional(v.pipe(v.string(), v.maxLength(40))),
});
export type EventsPaginationRequest = v.InferInput<typeof eventsPaginationRequestSchema>;
export const eventsPaginationAnswerSchema = successAnswerSchema(v.array(eventSummarySchema));

/** POST /v1/events/pagination-count */
export const eventsPaginationCountRequestSchema = v.object({ event_status: v.literal('ON_SALE') });
export const eventsPaginationCountAnswerSchema = successAnswerSchema(
  v.tuple([v.object({ event_count: v.pipe(v.number(), v.integer(), v.minValue(0)) })]),
);

/** GET /v1/events/{event_key} */
export const eventDetailAnswerSchema = successAnswerSchema(eventDetailSchema);

/** GET /v1/events/slider-banner */
export const bannerSchema = v.object({ image_url: v.string(), link_url: v.string() });
export type Banner = v.InferOutput<typeof bannerSchema>;
export const sliderBannerAnswerSchema = successAnswerSchema(v.array(bannerSchema));

/** GET /v1/events/soon: upcoming events (not yet on sale). */
export const soonAnswerSchema = successAnswerSchema(v.array(eventSummarySchema));

/** GET /v1/events/team/{team_key} */
export const teamEventsAnswerSchema = successAnswerSchema(v.array(eventSummarySchema));

/** GET /v1/events/team-detail/{team_key}: an empty list means "Team not found!". */
export const teamSchema = v.object({
  team_name: v.string(),
  team_description: v.string(),
  team_facebook_url: v.string(),
  cover_url: v.string(),
});
export type Team = v.InferOutput<typeof teamSchema>;
export const teamDetailAnswerSchema = successAnswerSchema(v.array(teamSchema));

/** GET /v1/events/{event_key}/image-time: the time ranges photos were taken in, for the stage search. */
export const imageTimeSchema = v.object({
  label: v.string(),
  start: isoDateTimeSchema,
  end: isoDateTimeSchema,
});
export const imageTimeAnswerSchema = successAnswerSchema(v.array(imageTimeSchema));

/** GET /v1/events/event-key/{photo id}: "-" means none and nothing more loads. */
export const eventKeyOfPhotoAnswerSchema = successAnswerSchema(v.object({ event_key: v.string() }));

export const eventKeyParamSchema = v.object({ event_key: eventKeySchema });

/** GET /v1/events/{event_key}/free-photos/{photo_id} (our addition): a free event's photo, full size. */
export const freePhotoParamSchema = v.object({
  event_key: eventKeySchema,
  photo_id: v.pipe(v.string(), v.regex(/^[1-9]\d{0,14}$/, 'is not a photo id'), v.transform(Number)),
});

/** The API path of a free event's photo, full size (answered with a redirect to its signed address). */
export const freePhotoPath = (eventKey: string, photoId: number): string =>
  `/v1/events/${encodeURIComponent(eventKey)}/free-photos/${photoId}`;
