// Table types for Kysely. Amounts are numeric (strings in JS), flags are booleans, times are timestamptz.
import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { PAYMENT_CHANNELS, PAYMENT_STATUSES } from '../../core/constants';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** A timestamp the database fills in (now()) unless given. */
type GeneratedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface EventsTable {
  event_id: Generated<number>;
  event_key: string;
  title: string;
  cover_object: string;
  event_date_text: string;
  /** The event's calendar date in Thailand (YYYY-MM-DD). */
  eventdate: string;
  province: string;
  pin: Generated<number>;
  team_key: string | null;
  on_sale_start: Timestamp;
  on_sale_end: Timestamp;
  retention_days: Generated<number>;
  is_hybrid: Generated<boolean>;
  is_event_stage: Generated<boolean>;
  is_mhao: Generated<boolean>;
  mhao_price: ColumnType<string, string | number | undefined, string | number>;
  is_mhao_hybrid: Generated<boolean>;
  hybrid_mhao_price: ColumnType<string, string | number | undefined, string | number>;
  is_free_download: Generated<boolean>;
  is_free_download_keep_contract: Generated<boolean>;
  face_threshold: Generated<number>;
  max_face_search: Generated<number>;
  caption_button_buy_all: Generated<string>;
  payment_currency: Generated<string>;
  created_at: GeneratedTimestamp;
  /** Set when retention removed the event's photos. */
  purged_at: Timestamp | null;
  /** Its bib numbers' digits (3 to 5 by default) and, optionally, their range. */
  bib_min_digits: Generated<number>;
  bib_max_digits: Generated<number>;
  bib_from: ColumnType<number | null, number | null | undefined, number | null>;
  bib_to: ColumnType<number | null, number | null | undefined, number | null>;
  /** The organiser's word that its faces may be indexed; off: no face is kept, bib search only. */
  face_search: Generated<boolean>;
  /** The organiser told runners of face search at registration (face search is on by default only then). */
  runners_informed: Generated<boolean>;
  /** The object key of the frame laid over its finisher cards (a PNG with transparency), when it has one. */
  card_frame: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface EventPackagesTable {
  id: Generated<number>;
  event_id: number;
  name: string;
  name_en: string;
  number_of_photo: number;
  price: ColumnType<string, string | number, string | number>;
}

export interface EventPackagesHbTable {
  id: Generated<number>;
  event_id: number;
  name: string;
  name_en: string;
}

export interface EventStagesTable {
  id: Generated<number>;
  event_id: number;
  name: string;
  name_en: string;
  sort_order: Generated<number>;
}

type Money = ColumnType<string, string | number, string | number>;

export interface TeamsTable {
  team_key: string;
  team_name: string;
  team_description: Generated<string>;
  team_facebook_url: Generated<string>;
  cover_object: Generated<string>;
}

export interface BannersTable {
  id: Generated<number>;
  image_object: string;
  link_url: string;
  sort_order: Generated<number>;
  active: Generated<boolean>;
}

export interface PhotosTable {
  /** bigserial, parsed to a number (ids stay far below 2^53). */
  id: ColumnType<number, never, never>;
  event_id: number;
  stage_id: number | null;
  photographer_id: Generated<number>;
  original_file_name: string;
  file_name: string;
  width: number;
  height: number;
  taken_at: Timestamp;
  is_highlight: Generated<boolean>;
  is_manual: Generated<boolean>;
  /** Set when retention removed the photo's images and faces; the row stays for the orders that name it. */
  purged_at: Timestamp | null;
  index_state: Generated<'pending' | 'indexed' | 'failed'>;
  index_error: string | null;
  /** Which way the thumbnail and preview were made (services/photo-import.ts PREVIEW_VERSION). */
  preview_version: Generated<number>;
  /** The camera that took it (EXIF make, model, body serial; '' when unknown): tells photographers apart. */
  camera: Generated<string>;
  created_at: GeneratedTimestamp;
  /** Its bibs were read (with its faces, or by the read-bibs job for photos indexed before bibs were read). */
  bibs_read: Generated<boolean>;
  /** SHA-256 (hex) of the original's bytes, for photos that arrive live: one photo per content. */
  content_sha256: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A photographer's secret upload link for one event; the secret itself is never stored. */
export interface PhotographerLinksTable {
  id: Generated<number>;
  event_id: number;
  photographer_id: number;
  secret_sha256: string;
  created_at: GeneratedTimestamp;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
}

/** A runner's alert's confirmation e-mail, counted per address (its keyed hash) for a day (migration 0014). */
export interface AlertMailLogTable {
  id: Generated<number>;
  address_key: string;
  sent_at: GeneratedTimestamp;
}

export interface PhotoAlertsTable {
  id: Generated<number>;
  event_id: number;
  token: string;
  /** The face's 512 stored bytes (faces/matrix.ts); null for a bib-only alert. */
  descriptor: Uint8Array | null;
  bib: string | null;
  language: 'th' | 'en';
  channel: 'push' | 'email';
  push_endpoint: string | null;
  push_p256dh: string | null;
  push_auth: string | null;
  email: string | null;
  confirm_sha256: string | null;
  confirmed_at: Timestamp | null;
  /** Photos with a larger id (imported after the alert was made) can match. */
  after_photo_id: number;
  created_at: GeneratedTimestamp;
  last_sent_at: Timestamp | null;
  stopped_at: Timestamp | null;
  /** 'runner' (stopped by them), 'gone' (the push service said the subscription ended), 'purged' (retention). */
  stop_reason: string | null;
}

export interface PhotoAlertMatchesTable {
  alert_id: number;
  photo_id: number;
  matched_at: GeneratedTimestamp;
  notified_at: Timestamp | null;
}

export interface FacesTable {
  id: ColumnType<number, never, never>;
  photo_id: number;
  event_id: number;
  box_x: number;
  box_y: number;
  box_w: number;
  box_h: number;
  score: number;
  descriptor: Uint8Array;
  /** The likely person (server/faces/people.ts): the id of that person's first face; null until grouped. */
  person_id: ColumnType<number | null, number | null | undefined, number | null>;
}

/** A bib number read under a face: digits as read; the event's rule applies when it is searched. */
export interface BibReadsTable {
  id: ColumnType<number, never, never>;
  photo_id: number;
  event_id: number;
  /** The face it was read under; null at an event without face search (its faces are not kept). */
  face_id: number | null;
  bib: string;
  confidence: number;
  /** The read's box in the photo's pixels. */
  box_x: number;
  box_y: number;
  box_w: number;
  box_h: number;
}

/** An event's start list (optional): its runners' bibs and names. */
export interface StartListTable {
  event_id: number;
  bib: string;
  name: string;
  category: Generated<string>;
}

/** How a runner's race ended: finished (with a time), or did not finish, did not start, disqualified. */
export type ResultStatus = 'finished' | 'DNF' | 'DNS' | 'DQ';

/** An event's official results, one row per bib (a newer import replaces them all). */
export interface RaceResultsTable {
  event_id: number;
  bib: string;
  name: Generated<string>;
  category: Generated<string>;
  status: ResultStatus;
  gun_ms: number | null;
  chip_ms: number | null;
  /** The timing clock's time when the runner crossed the finish line. */
  finish_at: Timestamp | null;
  place: number | null;
  category_place: number | null;
}

/** A photographer's camera clock minus the timing clock at an event (ms), as the operator set it. */
/** A runner's public finisher page (migration 0017): made only when they ask; no contact data. */
export interface FinisherPagesTable {
  code: string;
  event_id: number;
  order_id: string;
  /** bigint, parsed to a number. */
  photo_id: number;
  bib: string;
  language: 'th' | 'en';
  /** The page's title words: the runner's name and time, as on the card. */
  headline: string;
  created_at: GeneratedTimestamp;
}

export interface CameraOffsetsTable {
  event_id: number;
  photographer_id: number;
  offset_ms: number;
  set_at: GeneratedTimestamp;
}

export interface FaceSearchesTable {
  search_id: string;
  event_id: number;
  file_location: string;
  content_type: string;
  created_at: GeneratedTimestamp;
  /** The selfie is deleted from this time on (its search answered, or a minute after signing). */
  purge_after: Timestamp;
  searched_at: Timestamp | null;
  /** When the purge or the answered search deleted the selfie; the row is forgotten a little later. */
  selfie_deleted_at: Timestamp | null;
}

/** An order's payment_status: INITIAL until paid. A refund is kept beside it (refunded_at). */
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/**
 * A payments row's status. PENDING → PAID | FAILED for an opened payment (FAILED → PAID when money arrives late);
 * the others are records: DUPLICATE (a second payment of a paid order, refunded by the refund-duplicate job, then
 * REFUNDED), REJECTED (a report the store refused, its amount wrong say), APPROVED (an AM order approved by an admin).
 */
export type PaymentRowStatus =
  | 'PENDING'
  | 'PAID'
  | 'FAILED'
  | 'APPROVED'
  | 'REJECTED'
  | 'DUPLICATE'
  | 'REFUNDED';
export type PaymentChannel = (typeof PAYMENT_CHANNELS)[number];

export interface OrdersTable {
  order_id: string;
  event_id: number;
  mobile: string;
  email: Generated<string>;
  amount: Money;
  paid_amount: Money;
  payment_currency: Generated<string>;
  payment_status: Generated<PaymentStatus>;
  payment_gateway: string;
  payment_channel: PaymentChannel;
  payment_ref: string | null;
  qrcode_url: Generated<string>;
  is_mhao: Generated<boolean>;
  order_team: Generated<string>;
  coupon_code: Generated<string>;
  am_order_ref: Generated<string>;
  api_version: Generated<number>;
  idempotency_key: string | null;
  /** SHA-256 (hex) of the request the Idempotency-Key first came with. */
  idempotency_request: string | null;
  is_original_image_created: Generated<boolean>;
  is_logo_image_created: Generated<boolean>;
  is_send_sms: Generated<boolean>;
  is_send_email: Generated<boolean>;
  created_at: GeneratedTimestamp;
  paid_at: Timestamp | null;
  refunded_at: Timestamp | null;
  refund_reason: Generated<string>;
  /** A keyed hash of the phone and of the e-mail while a masked contact is kept (a claimant can still be checked). */
  contact_key: ColumnType<string | null, string | null | undefined, string | null>;
  /** Masked at its owner's request; erased (phone and e-mail emptied) after ORDER_CONTACT_DAYS or at once. */
  contact_masked_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  contact_erased_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface OrderItemsTable {
  order_id: string;
  photo_id: number;
  position: number;
}

export interface PaymentsTable {
  id: ColumnType<number, never, never>;
  order_id: string;
  gateway: string;
  channel: PaymentChannel;
  amount: Money;
  status: PaymentRowStatus;
  gateway_ref: Generated<string>;
  note: Generated<string>;
  created_at: GeneratedTimestamp;
}

export interface LogsTable {
  id: ColumnType<number, never, never>;
  service: string;
  cart_count: Generated<number>;
  image_id: Generated<string>;
  list: Generated<string>;
  event_key: Generated<string>;
  created_at: GeneratedTimestamp;
}

export interface ConfTable {
  name: string;
  value: string;
}

export interface JobsTable {
  id: ColumnType<number, never, never>;
  kind: string;
  payload: ColumnType<unknown, string, string>;
  state: Generated<'queued' | 'running' | 'done' | 'failed'>;
  attempts: Generated<number>;
  run_after: GeneratedTimestamp;
  locked_at: Timestamp | null;
  /** The claim that holds the job: "<pid>:<random>", kept after it ends (who did it). */
  locked_by: string | null;
  error: string | null;
  result: ColumnType<unknown, string | null, string | null>;
  created_at: GeneratedTimestamp;
}

/** Facts about the store's own life that must survive a crash (e.g. demo data seeding begun, finished). */
export interface StoreMarksTable {
  name: string;
  value: string;
  updated_at: GeneratedTimestamp;
}

export interface SandboxChargesTable {
  id: string;
  order_id: string;
  kind: 'promptpay' | 'card';
  amount_satang: ColumnType<number, number, number>;
  status: Generated<'pending' | 'successful' | 'failed'>;
  failure_message: string | null;
  return_uri: Generated<string>;
  created_at: GeneratedTimestamp;
  refunded_satang: Generated<number>;
}

/** A card charge being opened for an order (migration 0010): at most one at a time. */
export interface ChargeClaimsTable {
  order_id: string;
  claim: string;
  claimed_at: Timestamp;
}

export interface SandboxCardTokensTable {
  id: string;
  outcome: '3ds' | 'no-3ds' | 'declined';
  last_digits: string;
  used: Generated<boolean>;
  created_at: GeneratedTimestamp;
}

export type NoticeChannel = 'email' | 'sms' | 'console';

export interface NoticesTable {
  id: ColumnType<number, never, never>;
  order_id: string;
  job_id: number;
  channel: NoticeChannel;
  recipient: string;
  subject: Generated<string>;
  body: string;
  state: Generated<'queued' | 'sent' | 'failed'>;
  attempts: Generated<number>;
  last_error: string | null;
  created_at: GeneratedTimestamp;
  sent_at: Timestamp | null;
}

export type ConsentPurpose = 'face-search' | 'face-alert' | 'face-removal';

/** An explicit consent to process a selfie's face (migration 0015). */
export interface FaceConsentsTable {
  id: Generated<number>;
  purpose: ConsentPurpose;
  notice_version: string;
  event_id: number | null;
  /** A keyed hash of the device's consent id (never the id itself). */
  device_key: string;
  search_id: string | null;
  alert_id: number | null;
  removal_id: ColumnType<number | null, number | null | undefined, number | null>;
  given_at: GeneratedTimestamp;
  withdrawn_at: Timestamp | null;
}

export type FaceRemovalState = 'awaiting-code' | 'active' | 'undone';

/** A runner's objection to being found by face (migration 0015). */
export interface FaceRemovalsTable {
  id: Generated<number>;
  /** The runner's face (512 bytes, faces/matrix.ts), kept only to keep them out of later photos; null once undone. */
  descriptor: Uint8Array | null;
  contact_key: string;
  contact_masked: string;
  language: Generated<'th' | 'en'>;
  state: FaceRemovalState;
  created_at: GeneratedTimestamp;
  confirmed_at: Timestamp | null;
  undone_at: Timestamp | null;
  /** 'runner' or 'owner' (the shop owner, `admin removals --undo`). */
  undone_by: string | null;
  faces_removed: Generated<number>;
}

/** Where a removed face was in a photo, in the photo's pixels: its public images are blurred there. */
export interface FaceRemovalPhotosTable {
  removal_id: number;
  photo_id: number;
  box_x: number;
  box_y: number;
  box_w: number;
  box_h: number;
}

export type PrivacyCodePurpose = 'export' | 'removal' | 'undo-removal';

/** A one-time code sent to a phone or an e-mail (only hashes kept). */
export interface PrivacyCodesTable {
  id: Generated<number>;
  purpose: PrivacyCodePurpose;
  destination_key: string;
  client_key: string;
  code_sha256: string;
  /** The request's own random id, which the page holds while the runner types the code. */
  request_id: string;
  attempts: Generated<number>;
  created_at: GeneratedTimestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

/** Append-only: who read or changed personal data (a trigger refuses UPDATE, DELETE and TRUNCATE). */
export interface AuditLogTable {
  id: ColumnType<number, never, never>;
  at: GeneratedTimestamp;
  /** The OS user of an admin command ("admin:alice") or the process of a job ("job:retention"). */
  actor: string;
  action: string;
  subject: Generated<string>;
  records: Generated<number>;
}

export interface Database {
  events: EventsTable;
  event_packages: EventPackagesTable;
  event_packages_hb: EventPackagesHbTable;
  event_stages: EventStagesTable;
  teams: TeamsTable;
  banners: BannersTable;
  photos: PhotosTable;
  faces: FacesTable;
  bib_reads: BibReadsTable;
  start_list: StartListTable;
  race_results: RaceResultsTable;
  camera_offsets: CameraOffsetsTable;
  finisher_pages: FinisherPagesTable;
  photographer_links: PhotographerLinksTable;
  photo_alerts: PhotoAlertsTable;
  photo_alert_matches: PhotoAlertMatchesTable;
  alert_mail_log: AlertMailLogTable;
  face_searches: FaceSearchesTable;
  orders: OrdersTable;
  order_items: OrderItemsTable;
  payments: PaymentsTable;
  logs: LogsTable;
  conf: ConfTable;
  jobs: JobsTable;
  store_marks: StoreMarksTable;
  sandbox_charges: SandboxChargesTable;
  sandbox_card_tokens: SandboxCardTokensTable;
  notices: NoticesTable;
  charge_claims: ChargeClaimsTable;
  face_consents: FaceConsentsTable;
  face_removals: FaceRemovalsTable;
  face_removal_photos: FaceRemovalPhotosTable;
  privacy_codes: PrivacyCodesTable;
  audit_log: AuditLogTable;
}

export type EventRow = Selectable<EventsTable>;
export type NewEvent = Insertable<EventsTable>;
export type PhotoRow = Selectable<PhotosTable>;
export type NewPhoto = Insertable<PhotosTable>;
export type OrderRow = Selectable<OrdersTable>;
export type TeamRow = Selectable<TeamsTable>;
