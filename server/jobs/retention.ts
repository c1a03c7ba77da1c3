// The daily retention job (SPEC §1: photos are kept about 35 days after the event): for every event past its
// retention period (eventdate + retention_days, RETENTION_DAYS by default), each photo's objects (thumbnail, preview,
// logo version, original) are deleted from the store, its faces (and the bibs read under them), its start list and results
// from the database (and runners' alerts of new photos, their public finisher pages), and the photo row is marked purged; orders keep their records, and their page shows the expiry message. Objects go first, then the rows, in
// batches, so a crash at any point is finished by the next run. Each event purged is written to the audit trail.
import { photoObjectKeys } from '../../core/contract/photos';
import { jobActor, writeAudit } from '../db/audit-repo';
import { replaceStartList } from '../db/bibs-repo';
import type { Db } from '../db/database';
import { eventsToPurge, markEventPurged } from '../db/events-repo';
import { deleteAlertsOfEvent } from '../db/photo-alerts-repo';
import { markPhotosPurged, unpurgedPhotos } from '../db/photos-repo';
import { replaceResults } from '../db/results-repo';
import { deleteFinisherPagesOfEvent } from '../services/finisher-pages';
import type { ObjectStore } from '../storage/object-store';

export interface RetentionDeps {
  db: Db;
  store: ObjectStore;
  now: () => Date;
  /** Told of each purged event, so an in-memory face matrix can be dropped. */
  onEventPurged?: (eventId: number) => void;
}

export interface RetentionResult {
  events: string[];
  photos: number;
}

const BATCH = 200;

export async function purgeExpiredEvents(deps: RetentionDeps): Promise<RetentionResult> {
  const now = deps.now();
  const result: RetentionResult = { events: [], photos: 0 };
  for (const event of await eventsToPurge(deps.db, now)) {
    let photos = 0;
    for (;;) {
      const batch = await unpurgedPhotos(deps.db, event.event_id, BATCH);
      if (batch.length === 0) break;
      await Promise.all(
        batch.flatMap((p) =>
          Object.values(photoObjectKeys(event.event_key, p.file_name)).map((key) => deps.store.delete(key)),
        ),
      );
      await markPhotosPurged(
        deps.db,
        batch.map((p) => p.id),
        now,
      );
      photos += batch.length;
    }
    result.photos += photos;
    // The runners' names of its start list and results go with its photos (the bibs read went with the faces).
    await replaceStartList(deps.db, event.event_id, []);
    await replaceResults(deps.db, event.event_id, []);
    // So do runners' alerts of new photos (their faces' descriptors and bibs).
    await deleteAlertsOfEvent(deps.db, event.event_id);
    // And runners' public finisher pages (their cards were made from its photos).
    await deleteFinisherPagesOfEvent(deps, event.event_id);
    await markEventPurged(deps.db, event.event_id, now);
    await writeAudit(deps.db, {
      actor: jobActor('retention'),
      action: 'event purged: photos, faces, start list, results, alerts, finisher pages',
      subject: event.event_key,
      records: photos,
    });
    deps.onEventPurged?.(event.event_id);
    result.events.push(event.event_key);
  }
  return result;
}

/** The day (UTC date) a retention job is for: one job a day, whichever process queues it. */
export const retentionDay = (now: Date) => now.toISOString().slice(0, 10);
