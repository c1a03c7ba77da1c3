// The send-alert job: the photos matched for a runner's alert and not told yet, summed up in one
// notification ("5 new photos of you at …") by Web Push or by a confirmed e-mail, then marked told. Never sooner
// than ALERT_EVERY_MINUTES after the last one (a job due earlier queues itself for then). A push subscription the
// push service says is gone stops the alert. The send-alert-confirmation job sends the e-mail that confirms an
// address first.

import { ALERT_EVERY_MINUTES } from '../../../core/contract/alerts';
import type { Db } from '../../db/database';
import { alertById, markTold, stopAlert, untoldPhotos } from '../../db/photo-alerts-repo';
import { enqueue } from '../../jobs/queue';
import { noticesSent } from '../../ops/metrics';
import type { EmailSender } from '../notify/email';
import { confirmMail, newPhotosMail, newPhotosPush } from './alert-messages';
import type { PushSender } from './push-sender';

export interface AlertSendDeps {
  db: Db;
  now: () => Date;
  push?: PushSender | undefined;
  email?: EmailSender | undefined;
  /** The store's public address, for the links. */
  baseUrl: string;
}

export type SendAlertResult =
  | { alert_id: number; told: number; channel: 'push' | 'email' }
  | { alert_id: number; skipped: string }
  | { alert_id: number; later: string };

export async function sendAlert(deps: AlertSendDeps, alertId: number): Promise<SendAlertResult> {
  const alert = await alertById(deps.db, alertId);
  if (!alert || alert.stopped_at !== null) return { alert_id: alertId, skipped: 'stopped' };
  if (alert.channel === 'email' && alert.confirmed_at === null)
    return { alert_id: alertId, skipped: 'unconfirmed' };
  const photos = await untoldPhotos(deps.db, alertId);
  if (photos.length === 0) return { alert_id: alertId, skipped: 'nothing new' };
  const now = deps.now();
  if (alert.last_sent_at !== null) {
    const allowed = new Date(alert.last_sent_at).getTime() + ALERT_EVERY_MINUTES * 60_000;
    if (allowed > now.getTime()) {
      await enqueue(deps.db, 'send-alert', { alert_id: alertId }, new Date(allowed));
      return { alert_id: alertId, later: new Date(allowed).toISOString() };
    }
  }
  const counted = { channel: `alert-${alert.channel}`, result: 'failed' };
  try {
    const told = await tell(deps, alert, photos.length);
    if (told === 'gone') {
      await stopAlert(deps.db, alertId, now, 'gone');
      return { alert_id: alertId, skipped: 'the push subscription is gone' };
    }
    if (told === 'refused') {
      await stopAlert(deps.db, alertId, now, 'refused-endpoint');
      return { alert_id: alertId, skipped: 'the push endpoint is not one this store sends to' };
    }
    counted.result = 'sent';
  } finally {
    noticesSent.inc(counted);
  }
  await markTold(deps.db, alertId, photos, now);
  return { alert_id: alertId, told: photos.length, channel: alert.channel };
}

/** Sends the message of new photos; says when the push subscription is gone or its endpoint refused. */
async function tell(
  deps: AlertSendDeps,
  alert: NonNullable<Awaited<ReturnType<typeof alertById>>>,
  count: number,
): Promise<'sent' | 'gone' | 'refused'> {
  if (alert.channel === 'push') {
    if (!deps.push) throw new Error('push messages cannot be sent by this process');
    return deps.push.send(
      {
        endpoint: alert.push_endpoint ?? '',
        keys: { p256dh: alert.push_p256dh ?? '', auth: alert.push_auth ?? '' },
      },
      JSON.stringify(newPhotosPush(alert, alert.token, count)),
    );
  }
  if (!deps.email) throw new Error('SMTP_URL is no longer set');
  const message = newPhotosMail(alert, alert.token, count, deps.baseUrl);
  await deps.email.send({ to: alert.email ?? '', ...message });
  return 'sent';
}

export async function sendAlertConfirmation(
  deps: AlertSendDeps,
  job: { alert_id: number; secret: string },
): Promise<{ alert_id: number; sent: boolean }> {
  const alert = await alertById(deps.db, job.alert_id);
  if (!alert || alert.stopped_at !== null || alert.confirmed_at !== null || !alert.email) {
    return { alert_id: job.alert_id, sent: false };
  }
  if (!deps.email) throw new Error('SMTP_URL is no longer set');
  await deps.email.send({ to: alert.email, ...confirmMail(alert, job.secret, deps.baseUrl) });
  return { alert_id: job.alert_id, sent: true };
}
