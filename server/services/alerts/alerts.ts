// A runner's alert of new photos (core/contract/alerts.ts): made after a search with the face of a selfie
// uploaded for it (described, then deleted like a search's) and/or a bib, told by Web Push or by an e-mail that is
// confirmed first; seen, stopped and its photos shown through its token.
import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { AlertRequest, AlertState } from '../../../core/contract/alerts';
import type { FaceSearchAnswer } from '../../../core/contract/facesearch';
import { typedBib } from '../../bibs/event-bibs';
import type { AppContext } from '../../context';
import {
  type AlertWithEvent,
  alertByConfirmSecret,
  alertByToken,
  alertPhotoIds,
  confirmAlert,
  countAlertMail,
  insertAlert,
  lastPhotoId,
  stopAlert,
} from '../../db/photo-alerts-repo';
import { descriptorToBytes } from '../../faces/matrix';
import { enqueue } from '../../jobs/queue';
import {
  answerWithMatches,
  describeUploadedSelfie,
  eventOpenForFaceSearch,
  eventOpenForSearch,
} from '../face-search';
import { accept, type Outcome, refuse } from '../outcome';
import { recordConsent, requireConsent } from '../privacy/consents';
import { bibNeedsSelfie, bibNotShown, selfieWearsBib } from './bib-proof';
import { checkPushEndpoint, DEFAULT_PUSH_SERVICES } from './push-endpoint';

/** Confirmation e-mails one address gets in a day, at every event together, whoever asks for them. */
export const CONFIRMATIONS_PER_ADDRESS_PER_DAY = 3;

export const newAlertSecret = (): string => randomBytes(24).toString('base64url');
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** s****@example.com */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '****';
  return `${email[0]}****${email.slice(at)}`;
}

/** A push endpoint the store does not send to (push-endpoint.ts): nothing of the alert is kept. */
const refusedEndpoint = () =>
  refuse(
    400,
    'this browser’s notifications cannot be used here: use Chrome, Safari, Firefox or Edge, or an e-mail',
    {
      field: 'push',
      code: 'push-endpoint-refused',
      th: 'ใช้การแจ้งเตือนของเบราว์เซอร์นี้ไม่ได้ กรุณาใช้ Chrome, Safari, Firefox หรือ Edge หรือรับแจ้งทางอีเมล',
    },
  );

const tooManyMails = () =>
  refuse(429, 'this e-mail address has been sent enough confirmations today: try again tomorrow', {
    field: 'email',
    code: 'too-many-alerts',
    th: 'อีเมลนี้ได้รับอีเมลยืนยันครบจำนวนของวันนี้แล้ว กรุณาลองใหม่พรุ่งนี้',
  });

const tooManyAsked = (retryAfter: number) =>
  refuse(429, 'enough e-mail alerts have been asked for from here today: try again tomorrow', {
    field: 'email',
    code: 'too-many-alerts',
    th: 'มีการขอรับแจ้งทางอีเมลจากที่นี่ครบจำนวนของวันนี้แล้ว กรุณาลองใหม่พรุ่งนี้',
    retryAfter,
  });

const searchFirst = () =>
  refuse(400, 'search this event for your photos first, then ask to be told of new ones', {
    field: 'email',
    code: 'search-first',
    th: 'กรุณาค้นหาภาพของคุณในงานนี้ก่อน แล้วจึงขอรับแจ้งเมื่อมีภาพใหม่',
  });

/** An address as the mail log keeps it: a keyed hash, never the address. */
const addressKey = (ctx: AppContext, email: string) =>
  createHmac('sha256', ctx.photoPassSecret).update(`alert-mail:${email}`).digest('hex');

export interface AlertDeps {
  /** The store sends e-mail (SMTP_URL): e-mail alerts are offered. */
  canEmail: boolean;
  /** Who asks, for an e-mail alert: whether they searched the event lately, and their e-mail alerts of the day. */
  asker: {
    searched(eventKey: string): Promise<boolean>;
    /** Counts one; answers the seconds to wait when the day's are used (0: allowed). */
    takeEmailAlert(): Promise<number>;
  };
}

export async function createAlert(
  ctx: AppContext,
  deps: AlertDeps,
  request: AlertRequest,
): Promise<Outcome<{ token: string; alert: AlertState }>> {
  const hasSelfie = request.search_id !== undefined && request.file_location !== undefined;
  // A face is kept for an alert only at an event open to face search, and with the runner's explicit consent.
  const open = await (hasSelfie ? eventOpenForFaceSearch : eventOpenForSearch)(ctx, request.event_key);
  if (!open.ok) return open;
  const event = open.value;
  const consent = hasSelfie ? requireConsent(request.consent) : undefined;
  if (consent && !consent.ok) return consent;
  if ((request.push === undefined) === (request.email === undefined)) {
    return refuse(400, 'say how to tell you: this app’s notifications or an e-mail address', {
      field: 'push',
      code: 'alert-channel',
      th: 'กรุณาเลือกวิธีรับแจ้ง: การแจ้งเตือนของแอปนี้ หรืออีเมล',
    });
  }
  if (request.email !== undefined && !deps.canEmail) {
    return refuse(400, 'this store sends no e-mail; turn on notifications instead', {
      field: 'email',
      code: 'no-email',
      th: 'ร้านนี้ไม่ได้ส่งอีเมล กรุณาเปิดการแจ้งเตือนแทน',
    });
  }
  if (!hasSelfie && request.bib === undefined) {
    return refuse(400, 'an alert needs your selfie: your face finds the new photos of you', {
      field: 'search_id',
      code: 'alert-needs-selfie',
      th: 'การแจ้งเตือนต้องใช้รูปเซลฟี่ของคุณ ใบหน้าของคุณใช้ค้นหาภาพใหม่ของคุณ',
    });
  }
  let bib: string | null = null;
  if (request.bib !== undefined) {
    const read = typedBib(request.bib, event);
    if (read === undefined) {
      return refuse(400, 'this is not a bib number of this event', {
        field: 'bib',
        code: 'bad-bib',
        th: 'หมายเลขบิบนี้ไม่ใช่ของงานนี้',
      });
    }
    bib = read;
    if (!hasSelfie) return bibNeedsSelfie();
  }
  if (request.push !== undefined) {
    const services = ctx.alerts?.pushServices ?? DEFAULT_PUSH_SERVICES;
    const verdict = await checkPushEndpoint(request.push.endpoint, services);
    if (!verdict.ok) return refusedEndpoint();
  }
  if (request.email !== undefined) {
    // A confirmation e-mail goes to whatever address is typed: only after the asker's own search of this event,
    // and a few a day.
    if (!(await deps.asker.searched(event.event_key))) return searchFirst();
    const wait = await deps.asker.takeEmailAlert();
    if (wait > 0) return tooManyAsked(wait);
  }
  let descriptor: Uint8Array | null = null;
  if (hasSelfie) {
    const described = await describeUploadedSelfie(ctx, event, {
      search_id: request.search_id as string,
      file_location: request.file_location as string,
    });
    if (!described.ok) return described;
    if (described.value.kind === 'no-face') {
      return refuse(400, 'no face found in this photo', {
        field: 'file',
        code: 'no-face',
        th: 'ไม่พบใบหน้าในรูปนี้',
      });
    }
    if (bib !== null && !(await selfieWearsBib(ctx, event, described.value.descriptor, bib)))
      return bibNotShown();
    descriptor = descriptorToBytes(described.value.descriptor);
  }
  const token = newAlertSecret();
  const confirmSecret = request.email !== undefined ? newAlertSecret() : undefined;
  const made = await ctx.db.transaction().execute(async (trx) => {
    if (request.email !== undefined) {
      const dayAgo = new Date(ctx.now().getTime() - 86_400_000);
      const key = addressKey(ctx, request.email);
      if (!(await countAlertMail(trx, key, ctx.now(), dayAgo, CONFIRMATIONS_PER_ADDRESS_PER_DAY)))
        return undefined;
    }
    const alertId = await insertAlert(trx, {
      event_id: event.event_id,
      token,
      descriptor,
      bib,
      language: request.language,
      channel: request.push ? 'push' : 'email',
      push_endpoint: request.push?.endpoint ?? null,
      push_p256dh: request.push?.keys.p256dh ?? null,
      push_auth: request.push?.keys.auth ?? null,
      email: request.email ?? null,
      confirm_sha256: confirmSecret ? sha256(confirmSecret) : null,
      after_photo_id: await lastPhotoId(trx, event.event_id),
    });
    if (request.consent !== undefined && descriptor !== null) {
      await recordConsent(
        ctx,
        { purpose: 'face-alert', consent: request.consent, eventId: event.event_id, alertId },
        trx,
      );
    }
    if (confirmSecret)
      await enqueue(trx, 'send-alert-confirmation', { alert_id: alertId, secret: confirmSecret }, ctx.now());
    return alertByToken(trx, token);
  });
  if (!made) return tooManyMails();
  return accept({ token, alert: await stateOf(ctx, made) });
}

async function stateOf(ctx: AppContext, alert: AlertWithEvent): Promise<AlertState> {
  return {
    event_key: alert.event_key,
    title: alert.title,
    channel: alert.channel,
    state:
      alert.stopped_at !== null
        ? 'stopped'
        : alert.channel === 'email' && alert.confirmed_at === null
          ? 'awaiting-confirmation'
          : 'active',
    bib: alert.bib,
    face: alert.descriptor !== null,
    email: alert.email === null ? null : maskEmail(alert.email),
    photos: (await alertPhotoIds(ctx.db, alert.id)).length,
  };
}

const unknownAlert = () =>
  refuse(404, 'this alert does not exist (any more)', {
    field: 'token',
    code: 'alert-not-found',
    th: 'ไม่พบการแจ้งเตือนนี้',
  });

export async function describeAlert(ctx: AppContext, token: string): Promise<Outcome<AlertState>> {
  const alert = await alertByToken(ctx.db, token);
  return alert ? accept(await stateOf(ctx, alert)) : unknownAlert();
}

/** The runner stops it (from the notification's page or the event page). Stopping twice is no error. */
export async function stopAlertByToken(ctx: AppContext, token: string): Promise<Outcome<AlertState>> {
  const alert = await alertByToken(ctx.db, token);
  if (!alert) return unknownAlert();
  await stopAlert(ctx.db, alert.id, ctx.now(), 'runner');
  return describeAlert(ctx, token);
}

/** The e-mail's link was followed and its button pressed: the alert tells from now on (and what it found since). */
export async function confirmAlertEmail(ctx: AppContext, secret: string): Promise<Outcome<AlertState>> {
  const alert = await alertByConfirmSecret(ctx.db, sha256(secret));
  if (!alert) return unknownAlert();
  if (alert.confirmed_at === null) await confirmAlert(ctx.db, alert.id, ctx.now());
  return describeAlert(ctx, alert.token);
}

/** The alert's photos (all found so far, newest first), answered as a face search is, for the event page. */
export async function alertPhotos(ctx: AppContext, token: string): Promise<Outcome<FaceSearchAnswer>> {
  const alert = await alertByToken(ctx.db, token);
  if (!alert) return unknownAlert();
  const event = await eventOpenForSearch(ctx, alert.event_key);
  if (!event.ok) return event;
  const ids = await alertPhotoIds(ctx.db, alert.id);
  return answerWithMatches(
    ctx,
    event.value,
    ids.map((photoId) => ({ photoId, distance: 0 })),
  );
}
