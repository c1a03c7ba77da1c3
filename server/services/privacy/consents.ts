// Explicit consent to process a selfie's face (PDPA section 26; DESIGN §6): a face is described only with a consent
// of the current notice's version, recorded with the search, alert or removal that used it. Withdrawing is one step
// from the device that gave it: its consents are marked withdrawn and the alerts made under them deleted (with their
// descriptors); the device deletes its own kept results.
import { createHmac } from 'node:crypto';
import * as v from 'valibot';
import { type FaceConsent, faceConsentSchema } from '../../../core/contract/privacy';
import { PRIVACY_NOTICE_VERSION } from '../../../core/privacy';
import type { AppContext } from '../../context';
import { insertConsent, withdrawDeviceConsents } from '../../db/consents-repo';
import { deleteAlerts } from '../../db/photo-alerts-repo';
import type { ConsentPurpose } from '../../db/schema';
import { accept, type Outcome, refuse } from '../outcome';

/** A device's consent id as the store keeps it: a keyed hash, never the id. */
export const deviceKeyOf = (ctx: Pick<AppContext, 'photoPassSecret'>, device: string): string =>
  createHmac('sha256', ctx.photoPassSecret).update(`consent-device:${device}`).digest('hex');

export const consentRequired = () =>
  refuse(400, 'agree to your selfie’s face being processed before searching with it', {
    field: 'consent',
    code: 'consent-required',
    th: 'กรุณายินยอมให้ประมวลผลใบหน้าในรูปเซลฟี่ก่อนค้นหาด้วยรูปนั้น',
  });

/** The consent a face request must carry: one given under the current notice, else refused (asked again). */
export function requireConsent(consent: FaceConsent | undefined): Outcome<FaceConsent> {
  return consent?.version === PRIVACY_NOTICE_VERSION ? accept(consent) : consentRequired();
}

/** The consent of a multipart call, given as two text fields (consent_version, consent_device). */
export function requireConsentFields(fields: {
  consent_version?: string | undefined;
  consent_device?: string | undefined;
}): Outcome<FaceConsent> {
  const parsed = v.safeParse(faceConsentSchema, {
    version: fields.consent_version,
    device: fields.consent_device,
  });
  return requireConsent(parsed.success ? parsed.output : undefined);
}

export async function recordConsent(
  ctx: Pick<AppContext, 'db' | 'now' | 'photoPassSecret'>,
  use: {
    purpose: ConsentPurpose;
    consent: FaceConsent;
    eventId: number | null;
    searchId?: string;
    alertId?: number;
    removalId?: number;
  },
  db = ctx.db,
): Promise<number> {
  return insertConsent(db, {
    purpose: use.purpose,
    notice_version: use.consent.version,
    event_id: use.eventId,
    device_key: deviceKeyOf(ctx, use.consent.device),
    search_id: use.searchId ?? null,
    alert_id: use.alertId ?? null,
    removal_id: use.removalId ?? null,
    given_at: ctx.now(),
  });
}

export async function withdrawConsent(
  ctx: AppContext,
  device: string,
): Promise<Outcome<{ consents: number; alerts_deleted: number }>> {
  const done = await ctx.db.transaction().execute(async (trx) => {
    const withdrawn = await withdrawDeviceConsents(trx, deviceKeyOf(ctx, device), ctx.now());
    const deleted = await deleteAlerts(trx, withdrawn.alertIds);
    return { consents: withdrawn.consents, alerts_deleted: deleted };
  });
  return accept(done);
}
