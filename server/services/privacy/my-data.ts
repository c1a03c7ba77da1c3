// What the store holds under a phone or an e-mail, for its owner after a one-time code (DESIGN §6): the orders made
// with it (and those whose contact was masked at their request), their photos and the notices sent to it; the photo
// alerts that tell the e-mail; the face removal requests it confirmed; the consents recorded with those alerts.
// Nothing of another contact: an order's other contact is shown masked. Each export is written to the audit trail.
import { ORDER_CONTACT_DAYS } from '../../../core/constants';
import { photoObjectKeys } from '../../../core/contract/photos';
import type { HeldData } from '../../../core/contract/privacy-data';
import type { AppContext } from '../../context';
import { writeAudit } from '../../db/audit-repo';
import {
  alertsOfEmail,
  consentsOfAlerts,
  type HeldOrderRow,
  noticesOfOrders,
  ordersHeldUnder,
  photosOfOrders,
  removalsOfKey,
} from '../../db/privacy-data-repo';
import { accept, type Outcome } from '../outcome';
import { maskEmailContact, maskMobileContact, readAccess, type VerifiedDestination } from './access';

const DAY_MS = 86_400_000;

/** The audit trail's actor of a person's own request. */
export const PRIVACY_REQUEST_ACTOR = 'store:privacy-request';

/** The days an order's contact is kept for the accounts (ORDER_CONTACT_DAYS): the context's, else the default. */
export const orderContactDaysOf = (ctx: Pick<AppContext, 'orderContactDays'>): number =>
  ctx.orderContactDays ?? ORDER_CONTACT_DAYS;

/** The day an order's contact is erased by the store's retention. */
export const contactErasedOn = (ctx: AppContext, order: Pick<HeldOrderRow, 'created_at'>): Date =>
  new Date(order.created_at.getTime() + orderContactDaysOf(ctx) * DAY_MS);

/** The forms the destination's recipients take in notices: as typed, and masked once masked. */
export const recipientsOf = (held: VerifiedDestination): string[] =>
  held.contact.kind === 'mobile'
    ? [held.contact.value, maskMobileContact(held.contact.value)]
    : [held.contact.value, maskEmailContact(held.contact.value)];

function orderContacts(held: VerifiedDestination, order: HeldOrderRow) {
  if (order.contact_masked_at !== null) return { mobile: order.mobile, email: order.email };
  return held.contact.kind === 'mobile'
    ? { mobile: order.mobile, email: maskEmailContact(order.email.toLowerCase()) }
    : { mobile: maskMobileContact(order.mobile), email: order.email };
}

const iso = (value: Date | null) => (value === null ? null : value.toISOString());

/** Everything held under a verified destination, as the page shows it and downloads it. */
export async function collectHeld(ctx: AppContext, held: VerifiedDestination): Promise<HeldData> {
  const orders = await ordersHeldUnder(ctx.db, held.contact, held.key);
  const orderIds = orders.map((order) => order.order_id);
  const photos = await photosOfOrders(ctx.db, orderIds);
  const notices = await noticesOfOrders(ctx.db, orderIds, recipientsOf(held));
  const alerts = held.contact.kind === 'email' ? await alertsOfEmail(ctx.db, held.contact.value) : [];
  const removals = await removalsOfKey(ctx.db, held.key);
  const consents = await consentsOfAlerts(
    ctx.db,
    alerts.map((alert) => alert.id),
  );
  return {
    destination: held.contact,
    generated_at: ctx.now().toISOString(),
    orders: orders.map((order) => ({
      order_id: order.order_id,
      event_key: order.event_key,
      event_title: order.title,
      amount: order.amount,
      paid_amount: order.paid_amount,
      payment_status: order.payment_status,
      payment_channel: order.payment_channel,
      created_at: order.created_at.toISOString(),
      paid_at: iso(order.paid_at),
      refunded_at: iso(order.refunded_at),
      ...orderContacts(held, order),
      contact: order.contact_masked_at === null ? ('held' as const) : ('masked' as const),
      contact_masked_at: iso(order.contact_masked_at),
      contact_erased_on: contactErasedOn(ctx, order).toISOString(),
      photos: photos
        .filter((photo) => photo.order_id === order.order_id)
        .map((photo) => ({
          id: photo.photo_id,
          thumbnail: photo.purged
            ? null
            : ctx.store.publicUrl(photoObjectKeys(photo.event_key, photo.file_name).thumbnail),
        })),
    })),
    notices: notices.map((notice) => ({
      order_id: notice.order_id,
      channel: notice.channel,
      recipient: notice.recipient,
      state: notice.state,
      created_at: notice.created_at.toISOString(),
      sent_at: iso(notice.sent_at),
    })),
    alerts: alerts.map((alert) => ({
      id: alert.id,
      event_key: alert.event_key,
      event_title: alert.title,
      created_at: alert.created_at.toISOString(),
      state:
        alert.stopped_at !== null
          ? ('stopped' as const)
          : alert.channel === 'email' && alert.confirmed_at === null
            ? ('awaiting-confirmation' as const)
            : ('active' as const),
      face_kept: alert.face_kept,
      bib: alert.bib,
      photos_found: alert.photos_found,
    })),
    removals: removals.map((removal) => ({
      id: removal.id,
      state: removal.state,
      created_at: removal.created_at.toISOString(),
      confirmed_at: iso(removal.confirmed_at),
      undone_at: iso(removal.undone_at),
      faces_removed: removal.faces_removed,
    })),
    consents: consents.map((consent) => ({
      id: consent.id,
      purpose: consent.purpose,
      notice_version: consent.notice_version,
      event_key: consent.event_key,
      given_at: consent.given_at.toISOString(),
      withdrawn_at: iso(consent.withdrawn_at),
      alert_id: consent.alert_id,
    })),
  };
}

/** How many records an export or erasure touched (the audit trail's count). */
export const heldRecords = (data: HeldData): number =>
  data.orders.length + data.notices.length + data.alerts.length + data.removals.length + data.consents.length;

/** POST /v1/privacy/data: what is held under the access's destination; the export is audited. */
export async function exportHeld(ctx: AppContext, access: string): Promise<Outcome<HeldData>> {
  const opened = readAccess(ctx, access, 'export');
  if (!opened.ok) return opened;
  const data = await collectHeld(ctx, opened.value);
  await writeAudit(ctx.db, {
    actor: PRIVACY_REQUEST_ACTOR,
    action: 'privacy export',
    subject: opened.value.masked,
    records: heldRecords(data),
  });
  return accept(data);
}
