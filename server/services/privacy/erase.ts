// Erasing what is held under a phone or an e-mail at its owner's request (DESIGN §6). Photo alerts that tell the
// e-mail are deleted (descriptors and matches with them). Orders stay for the accounts (amounts, items, payments):
// the contacts of orders older than ORDER_CONTACT_DAYS are erased at once; newer ones are masked (08******78,
// s****@example.com) with the keyed hashes of what they were, so the shop can still check a claimant, until the
// daily contact retention erases them; their notices' recipients likewise. A masked order no longer answers
// find-order by that phone. Face removal requests stay: they keep the person out of search (undone on their own
// page). One transaction; written to the audit trail.
import type { Erased } from '../../../core/contract/privacy-data';
import type { AppContext } from '../../context';
import { writeAudit } from '../../db/audit-repo';
import {
  alertsOfEmail,
  deleteAlertsById,
  eraseOrderContacts,
  type HeldOrderRow,
  maskOrderContact,
  noticesOfOrders,
  ordersHeldUnder,
  removalsOfKey,
  setNoticeRecipient,
} from '../../db/privacy-data-repo';
import { accept, type Outcome } from '../outcome';
import {
  destinationKey,
  maskEmailContact,
  maskMobileContact,
  readAccess,
  type VerifiedDestination,
} from './access';
import { contactErasedOn, orderContactDaysOf, PRIVACY_REQUEST_ACTOR } from './my-data';

const DAY_MS = 86_400_000;

/** An order's contact as kept once masked: the masked forms, and the keyed hashes of its phone and e-mail. */
export function maskedContactOf(
  ctx: Pick<AppContext, 'photoPassSecret'>,
  order: Pick<HeldOrderRow, 'mobile' | 'email'>,
) {
  const email = order.email.trim().toLowerCase();
  const keys = [order.mobile, email]
    .filter((value) => value !== '')
    .map((value) => destinationKey(ctx, value));
  return {
    mobile: maskMobileContact(order.mobile),
    email: maskEmailContact(email),
    contact_key: keys.join(' '),
  };
}

/** A notice's recipient masked by its shape (an e-mail address, else a phone). */
const maskRecipient = (recipient: string) =>
  recipient.includes('@') ? maskEmailContact(recipient.toLowerCase()) : maskMobileContact(recipient);

export async function eraseHeldUnder(ctx: AppContext, held: VerifiedDestination): Promise<Erased> {
  const now = ctx.now();
  const cutoff = now.getTime() - orderContactDaysOf(ctx) * DAY_MS;
  return ctx.db.transaction().execute(async (trx) => {
    const orders = await ordersHeldUnder(trx, held.contact, held.key);
    const old = orders.filter((order) => order.created_at.getTime() < cutoff);
    const newer = orders.filter((order) => order.created_at.getTime() >= cutoff);
    const toMask = newer.filter((order) => order.contact_masked_at === null);
    const erased = await eraseOrderContacts(
      trx,
      old.map((order) => order.order_id),
      now,
    );
    let noticesMasked = 0;
    for (const order of toMask) {
      await maskOrderContact(trx, order.order_id, maskedContactOf(ctx, order), now);
      for (const notice of await noticesOfOrders(trx, [order.order_id])) {
        if (notice.recipient === '') continue;
        await setNoticeRecipient(trx, notice.id, maskRecipient(notice.recipient));
        noticesMasked += 1;
      }
    }
    const alerts = held.contact.kind === 'email' ? await alertsOfEmail(trx, held.contact.value) : [];
    const alertsDeleted = await deleteAlertsById(
      trx,
      alerts.map((alert) => alert.id),
    );
    const removals = await removalsOfKey(trx, held.key);
    const lastErasure = newer.reduce<Date | null>((last, order) => {
      const day = contactErasedOn(ctx, order);
      return last === null || day > last ? day : last;
    }, null);
    const done: Erased = {
      alerts_deleted: alertsDeleted,
      orders_erased: erased,
      orders_masked: toMask.length,
      notices_masked: noticesMasked,
      orders_kept: orders.length,
      masked_until: lastErasure?.toISOString() ?? null,
      removals_kept: removals.length,
    };
    await writeAudit(trx, {
      actor: PRIVACY_REQUEST_ACTOR,
      action: 'privacy erase',
      subject: held.masked,
      records: erased + toMask.length + noticesMasked + alertsDeleted,
    });
    return done;
  });
}

/** POST /v1/privacy/erase: erases what is held under the access's destination. */
export async function eraseHeld(ctx: AppContext, access: string): Promise<Outcome<Erased>> {
  const opened = readAccess(ctx, access, 'export');
  if (!opened.ok) return opened;
  return accept(await eraseHeldUnder(ctx, opened.value));
}
