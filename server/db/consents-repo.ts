// Owns face_consents: each explicit consent to process a selfie's face, with the search, alert or removal that used
// it, and its withdrawal. A device is named only by a keyed hash of its random consent id.

import type { Db } from './database';
import type { ConsentPurpose } from './schema';

export interface NewConsent {
  purpose: ConsentPurpose;
  notice_version: string;
  event_id: number | null;
  device_key: string;
  search_id?: string | null;
  alert_id?: number | null;
  removal_id?: number | null;
  given_at: Date;
}

export async function insertConsent(db: Db, consent: NewConsent): Promise<number> {
  const row = await db
    .insertInto('face_consents')
    .values({
      ...consent,
      search_id: consent.search_id ?? null,
      alert_id: consent.alert_id ?? null,
      removal_id: consent.removal_id ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Withdraws every consent of the device still in force; answers the alerts made under them (to be deleted). */
export async function withdrawDeviceConsents(
  db: Db,
  deviceKey: string,
  now: Date,
): Promise<{ consents: number; alertIds: number[] }> {
  const rows = await db
    .updateTable('face_consents')
    .set({ withdrawn_at: now })
    .where('device_key', '=', deviceKey)
    .where('withdrawn_at', 'is', null)
    .returning(['id', 'alert_id'])
    .execute();
  const alerts = await db
    .selectFrom('face_consents')
    .select('alert_id')
    .where('device_key', '=', deviceKey)
    .where('alert_id', 'is not', null)
    .execute();
  return {
    consents: rows.length,
    alertIds: [...new Set(alerts.map((row) => row.alert_id as number))],
  };
}

/** The consents recorded with these alerts (a person's export lists them). */
export async function consentsOfAlerts(db: Db, alertIds: readonly number[]) {
  if (alertIds.length === 0) return [];
  return db
    .selectFrom('face_consents')
    .select(['id', 'purpose', 'notice_version', 'given_at', 'withdrawn_at', 'alert_id'])
    .where('alert_id', 'in', alertIds)
    .orderBy('id')
    .execute();
}
