// Owns the delivery notices: the notify-order job writes one notice per channel the store can use (e-mail when
// SMTP_URL is set and the buyer gave an address, SMS when an SMS provider is set; the console when neither can
// reach the buyer) with the send-notice jobs, in one transaction; each send-notice job sends one, turning
// is_send_email / is_send_sms Y only when the provider took it. Failures retry with back-off (jobs/runner.ts) and
// never touch the order's payment or downloads.

import type { Db } from '../../db/database';
import {
  findNotice,
  freeOrderNoticesTo,
  insertNotices,
  type NewNotice,
  noticeFailed,
  noticeSent,
} from '../../db/notices-repo';
import { orderForDelivery, setDeliveryFlag } from '../../db/orders-repo';
import { enqueue, type JobRow } from '../../jobs/queue';
import { log } from '../../ops/log';
import { noticesSent } from '../../ops/metrics';
import type { EmailSender } from './email';
import { deliveryNotice } from './message';
import type { SmsSender } from './sms';

export interface Notifier {
  /** Absent: no SMTP_URL. */
  email?: EmailSender | undefined;
  /** Absent: no SMS provider settings. */
  sms?: SmsSender | undefined;
  /** The store's public address, for the links in the notice. */
  baseUrl: string;
  retentionDays: number;
  /** Told of each notice kept for no channel (default: the log, without its text; tests read them). */
  keptNotice?: (notice: { id: number; order_id: string; recipient: string; body: string }) => void;
}

type DeliveryOrder = NonNullable<Awaited<ReturnType<typeof orderForDelivery>>>;

/**
 * Notices of orders that paid nothing one recipient gets on one channel in a day (anyone can make a free
 * order with any number or address; its page shows the downloads anyway, the notice is a courtesy).
 */
export const FREE_NOTICES_PER_RECIPIENT_DAY = 3;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The notice's words for an order, with the store's links. */
const noticeFor = (order: DeliveryOrder, notifier: Notifier) =>
  deliveryNotice(
    {
      order_id: order.order_id,
      title: order.title,
      amount: order.amount,
      payment_channel: order.payment_channel,
    },
    notifier.baseUrl,
    notifier.retentionDays,
  );

export interface NotifyDeps {
  db: Db;
  now: () => Date;
  notifier: Notifier;
}

export type NotifyResult = { order_id: string; notices: string[] } | { order_id: string; skipped: string };

export async function notifyOrder(
  deps: NotifyDeps,
  orderId: string,
  job: Pick<JobRow, 'id'>,
): Promise<NotifyResult> {
  const order = await orderForDelivery(deps.db, orderId);
  if (!order) return { order_id: orderId, skipped: 'no such order' };
  if (order.payment_status !== 'PAID') return { order_id: orderId, skipped: 'the order is not paid' };
  const { notifier } = deps;
  const text = noticeFor(order, notifier);
  const notices: NewNotice[] = [];
  const base = { order_id: orderId, job_id: job.id };
  const free = Number(order.amount) === 0;
  const withinAllowance = async (channel: 'email' | 'sms', recipient: string) =>
    !free ||
    (await freeOrderNoticesTo(deps.db, channel, recipient, new Date(deps.now().getTime() - DAY_MS))) <
      FREE_NOTICES_PER_RECIPIENT_DAY;
  const email = notifier.email && order.email ? await withinAllowance('email', order.email) : undefined;
  const sms = notifier.sms && order.mobile ? await withinAllowance('sms', order.mobile) : undefined;
  // A channel over its allowance and none left: nothing is sent (not even to the console).
  if ((email === false || sms === false) && !email && !sms)
    return { order_id: orderId, skipped: 'the recipient had enough notices of free orders today' };
  if (email) {
    notices.push({
      ...base,
      channel: 'email',
      recipient: order.email,
      subject: text.subject,
      body: text.text,
    });
  }
  if (sms) {
    notices.push({ ...base, channel: 'sms', recipient: order.mobile, subject: '', body: text.sms });
  }
  if (notices.length === 0) {
    notices.push({
      ...base,
      channel: 'console',
      recipient: order.email || order.mobile,
      subject: text.subject,
      body: text.text,
    });
  }
  const written = await deps.db.transaction().execute(async (trx) => {
    const ids = await insertNotices(trx, notices);
    for (const id of ids) await enqueue(trx, 'send-notice', { notice_id: id });
    return ids.length;
  });
  return { order_id: orderId, notices: written > 0 ? notices.map((n) => n.channel) : [] };
}

export type SendResult = { notice_id: number; sent: string } | { notice_id: number; skipped: string };

/**
 * Sends one notice. A failure is recorded on the notice and thrown, so the job is retried; on the last attempt
 * the notice is left failed.
 */
export async function sendNotice(
  deps: NotifyDeps,
  noticeId: number,
  job: Pick<JobRow, 'attempts'>,
  maxAttempts: number,
): Promise<SendResult> {
  const notice = await findNotice(deps.db, noticeId);
  if (!notice) return { notice_id: noticeId, skipped: 'no such notice' };
  if (notice.state === 'sent') return { notice_id: noticeId, skipped: 'already sent' };
  const { notifier } = deps;
  try {
    if (notice.channel === 'email') {
      if (!notifier.email) throw new Error('SMTP_URL is no longer set');
      const order = await orderForDelivery(deps.db, notice.order_id);
      const text = order ? noticeFor(order, notifier) : undefined;
      await notifier.email.send({
        to: notice.recipient,
        subject: notice.subject,
        text: notice.body,
        html: text?.html ?? `<pre>${notice.body.replace(/[&<>]/g, (c) => `&#${c.charCodeAt(0)};`)}</pre>`,
      });
    } else if (notice.channel === 'sms') {
      if (!notifier.sms) throw new Error('the SMS provider is no longer set');
      await notifier.sms.send({ to: notice.recipient, text: notice.body });
    } else {
      // The notice's text carries the order's download link: it is never logged (the order page and the
      // command line show the order); the recipient is masked by the log.
      if (notifier.keptNotice) notifier.keptNotice({ ...notice, id: noticeId });
      else
        log.info('delivery notice not sent: no e-mail or SMS provider is set', {
          notice: noticeId,
          recipient: notice.recipient,
        });
    }
  } catch (error) {
    noticesSent.inc({ channel: notice.channel, result: 'failed' });
    const message = error instanceof Error ? error.message : String(error);
    await noticeFailed(deps.db, noticeId, message, job.attempts >= maxAttempts);
    throw error;
  }
  noticesSent.inc({ channel: notice.channel, result: 'sent' });
  await noticeSent(deps.db, noticeId, deps.now());
  if (notice.channel === 'email') await setDeliveryFlag(deps.db, notice.order_id, 'is_send_email');
  if (notice.channel === 'sms') await setDeliveryFlag(deps.db, notice.order_id, 'is_send_sms');
  return { notice_id: noticeId, sent: notice.channel };
}
