// The daily retention of orders' contacts: an order's phone and e-mail are kept ORDER_CONTACT_DAYS after it was made
// (the accounts' need), then erased: mobile and e-mail emptied, their keyed hash dropped, contact_erased_at set, and
// the recipients of its notices emptied with the contact taken out of their text. The order, its amounts, items and
// payments stay for the accounts. Photo alerts are not orders: their e-mails go with the alert or its event.
// Batches of BATCH orders, each in one transaction with its rows locked (others' locked rows skipped): several
// processes may run it at once, and a run cut short is finished by the next. One audit entry per run that erased.
import { ORDER_CONTACT_DAYS } from '../../core/constants';
import { jobActor, writeAudit } from '../db/audit-repo';
import type { Db } from '../db/database';
import { eraseNoticeContacts } from '../db/notices-repo';
import { eraseContactsOfOrders, ordersWithContactBefore } from '../db/orders-repo';

export const CONTACT_RETENTION_JOB = 'contact-retention';

const DAY_MS = 86_400_000;
const BATCH = 500;

export interface ContactRetentionDeps {
  db: Db;
  now: () => Date;
  /** Days an order's contact is kept (ORDER_CONTACT_DAYS); default the constant's. */
  orderContactDays?: number | undefined;
}

export interface ContactRetentionResult {
  /** Orders whose contact this run erased. */
  orders: number;
  /** Their notices emptied of the contact. */
  notices: number;
  /** Orders made before this time have no contact left. */
  before: string;
}

export async function eraseExpiredContacts(deps: ContactRetentionDeps): Promise<ContactRetentionResult> {
  const now = deps.now();
  const days = deps.orderContactDays ?? ORDER_CONTACT_DAYS;
  const before = new Date(now.getTime() - days * DAY_MS);
  const result: ContactRetentionResult = { orders: 0, notices: 0, before: before.toISOString() };
  for (;;) {
    const erased = await deps.db.transaction().execute(async (trx) => {
      const orders = await ordersWithContactBefore(trx, before, BATCH);
      const ids = orders.map((order) => order.order_id);
      const notices = await eraseNoticeContacts(trx, ids);
      return { orders: await eraseContactsOfOrders(trx, ids, now), notices, found: ids.length };
    });
    result.orders += erased.orders;
    result.notices += erased.notices;
    if (erased.found < BATCH) break;
  }
  if (result.orders > 0)
    await writeAudit(deps.db, {
      actor: jobActor(CONTACT_RETENTION_JOB),
      action: "orders' contacts erased",
      subject: `orders made before ${result.before.slice(0, 10)} (${days} days)`,
      records: result.orders,
    });
  return result;
}
