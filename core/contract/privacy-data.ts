// What the store holds under a phone or an e-mail, as a person sees and downloads it after a one-time code, and
// what erasing it did (DESIGN §6). The calls' requests are in ./privacy.ts; these are their answers' bodies, and
// the verify request as it is sent (the code's request id, the code, and the destination it was sent to: the store
// keeps only a keyed hash of the destination, so the page names it again and the store checks it against that hash).
import * as v from 'valibot';
import { successAnswerSchema } from './common';
import { privacyDestinationSchema, privacyVerifyRequestSchema } from './privacy';

/** POST /v1/privacy/verify as sent: the code, and the destination it went to (checked against the kept hash). */
export const privacyVerifyWithDestinationSchema = v.object({
  ...privacyVerifyRequestSchema.entries,
  destination: privacyDestinationSchema,
});
export type PrivacyVerifyRequest = v.InferOutput<typeof privacyVerifyWithDestinationSchema>;

const isoDate = v.string();
const nullableDate = v.nullable(v.string());

export const heldOrderSchema = v.object({
  order_id: v.string(),
  event_key: v.string(),
  event_title: v.string(),
  amount: v.string(),
  paid_amount: v.string(),
  payment_status: v.string(),
  payment_channel: v.string(),
  created_at: isoDate,
  paid_at: nullableDate,
  refunded_at: nullableDate,
  /** The contacts as held: the one asked about in full (or masked once masked), the other masked. */
  mobile: v.string(),
  email: v.string(),
  /** 'held': as typed; 'masked': masked at its owner's request, erased on `contact_erased_on`. */
  contact: v.picklist(['held', 'masked']),
  contact_masked_at: nullableDate,
  /** The day the contact is erased by the store's retention (the accounts' need ends). */
  contact_erased_on: isoDate,
  photos: v.array(v.object({ id: v.number(), thumbnail: v.nullable(v.string()) })),
});
export type HeldOrder = v.InferOutput<typeof heldOrderSchema>;

export const heldNoticeSchema = v.object({
  order_id: v.string(),
  channel: v.string(),
  recipient: v.string(),
  state: v.string(),
  created_at: isoDate,
  sent_at: nullableDate,
});
export type HeldNotice = v.InferOutput<typeof heldNoticeSchema>;

export const heldAlertSchema = v.object({
  id: v.number(),
  event_key: v.string(),
  event_title: v.string(),
  created_at: isoDate,
  state: v.picklist(['awaiting-confirmation', 'active', 'stopped']),
  /** Whether the alert keeps a face (its descriptor) to find new photos with. */
  face_kept: v.boolean(),
  bib: v.nullable(v.string()),
  photos_found: v.number(),
});
export type HeldAlert = v.InferOutput<typeof heldAlertSchema>;

export const heldRemovalSchema = v.object({
  id: v.number(),
  state: v.string(),
  created_at: isoDate,
  confirmed_at: nullableDate,
  undone_at: nullableDate,
  faces_removed: v.number(),
});
export type HeldRemoval = v.InferOutput<typeof heldRemovalSchema>;

export const heldConsentSchema = v.object({
  id: v.number(),
  purpose: v.string(),
  notice_version: v.string(),
  event_key: v.nullable(v.string()),
  given_at: isoDate,
  withdrawn_at: nullableDate,
  alert_id: v.nullable(v.number()),
});
export type HeldConsent = v.InferOutput<typeof heldConsentSchema>;

/** POST /v1/privacy/data: everything held under the destination (also the page's JSON download). */
export const heldDataSchema = v.object({
  destination: v.object({ kind: v.picklist(['mobile', 'email']), value: v.string() }),
  generated_at: isoDate,
  orders: v.array(heldOrderSchema),
  notices: v.array(heldNoticeSchema),
  alerts: v.array(heldAlertSchema),
  removals: v.array(heldRemovalSchema),
  consents: v.array(heldConsentSchema),
});
export type HeldData = v.InferOutput<typeof heldDataSchema>;
export const privacyDataAnswerSchema = successAnswerSchema(heldDataSchema);

/**
 * POST /v1/privacy/erase: what was done. Orders (amounts, items, payments) stay for the accounts; their contacts
 * older than the accounts' need are erased, newer ones masked until `masked_until` (the last masked one's day).
 * Face removal requests stay: they keep the person out of search (undone on the removal page).
 */
export const erasedSchema = v.object({
  alerts_deleted: v.number(),
  orders_erased: v.number(),
  orders_masked: v.number(),
  notices_masked: v.number(),
  orders_kept: v.number(),
  masked_until: nullableDate,
  removals_kept: v.number(),
});
export type Erased = v.InferOutput<typeof erasedSchema>;
export const privacyEraseAnswerSchema = successAnswerSchema(erasedSchema);
