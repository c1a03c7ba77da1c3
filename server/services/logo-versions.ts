// The full-size logo-stamped version of a photo, made from its original the first time it is wanted (after an
// order is paid, or when a free event's photo is downloaded) and kept in the store under its private key. Several
// asks for the same photo at once in this process share one making.
import { photoObjectKeys } from '../../core/contract/photos';
import type { ObjectStore } from '../storage/object-store';
import { logoVersion } from './photo-import';

export class OriginalMissing extends Error {
  override name = 'OriginalMissing';
}

const making = new Map<string, Promise<boolean>>();

/**
 * Makes the logo version of a photo unless the store has it; resolves true when it was made now. Throws
 * OriginalMissing when the original is not in the store.
 */
export function ensureLogoVersion(store: ObjectStore, eventKey: string, fileName: string): Promise<boolean> {
  const keys = photoObjectKeys(eventKey, fileName);
  const running = making.get(keys.logo);
  if (running) return running.then(() => false);
  const work = (async () => {
    if (await store.exists(keys.logo)) return false;
    const original = await store.get(keys.original);
    if (!original) throw new OriginalMissing(`the original is missing (${keys.original})`);
    await store.put(keys.logo, await logoVersion(original), 'image/jpeg');
    return true;
  })().finally(() => making.delete(keys.logo));
  making.set(keys.logo, work);
  return work;
}
