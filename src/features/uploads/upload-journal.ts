// What a photographer's device has sent through an upload link and what it has not, in the app's Dexie database:
// a page opened again (after a dropped connection, a closed tab, a phone that slept) says how many files
// were not sent, and when they are chosen again, those sent already are skipped without being read.
import { appDb, type UploadJournalRow } from '../../lib/db/app-db';

export const journalScope = (link: { event_key: string; photographer_id: number }) =>
  `${link.event_key}/${link.photographer_id}`;

const keyOf = (scope: string, file: File) => `${scope}/${file.name}/${file.size}/${file.lastModified}`;

/** Files chosen: kept as pending unless sent before; answers those still to send. */
export async function rememberChosen(scope: string, files: readonly File[]): Promise<File[]> {
  const keys = files.map((f) => keyOf(scope, f));
  const known = await appDb.uploads.bulkGet(keys);
  const at = new Date().toISOString();
  const fresh: UploadJournalRow[] = [];
  const toSend: File[] = [];
  files.forEach((file, i) => {
    if (known[i]?.state === 'sent') return;
    toSend.push(file);
    if (!known[i]) fresh.push({ key: keys[i] as string, scope, name: file.name, state: 'pending', at });
  });
  if (fresh.length > 0) await appDb.uploads.bulkPut(fresh);
  return toSend;
}

/** A file is sent (or the event had it): not sent again from this device. */
export async function rememberSent(scope: string, file: File): Promise<void> {
  await appDb.uploads.put({
    key: keyOf(scope, file),
    scope,
    name: file.name,
    state: 'sent',
    at: new Date().toISOString(),
  });
}

/** How many files chosen on this device were not sent yet. */
export function pendingCount(scope: string): Promise<number> {
  return appDb.uploads.where('[scope+state]').equals([scope, 'pending']).count();
}
