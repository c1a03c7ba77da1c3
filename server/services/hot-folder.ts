// A hot folder: cameras that send over FTP or Wi-Fi, or a card reader, drop JPEGs into a folder while the
// race runs; each new file is imported through the one import path once it is complete: its size and time unchanged
// from one look to the next (a file still being written grows), and not under a temporary name (an FTP server or a
// browser writes "x.jpg.part" and renames it into place). A file is imported once: by content (importPhoto's
// `once`), so also after the watch is restarted, or when a camera sends the same photo again under another name.
import fs from 'node:fs/promises';
import path from 'node:path';
import { pause } from './pause';
import {
  folderFiles,
  type ImportContext,
  type ImportEvent,
  importPhoto,
  MAX_IMPORT_BYTES,
} from './photo-import';

/** Names a file has while it is being written, before it is renamed into place, and hidden files. */
const TEMPORARY = /^\.|~$|\.(part|partial|filepart|tmp|temp|crdownload|download|!ut)$/i;
const PHOTO = /\.(jpe?g|png)$/i;

/** Whether a folder entry is a photo to import (by its name: its content is checked on import). */
export const isPhotoName = (name: string): boolean => PHOTO.test(name) && !TEMPORARY.test(name);

/** Tries of a file whose import failed (the store did not answer, a write failed) before it is given up. */
export const MOST_TRIES = 3;

export type HotFolderOutcome =
  | { file: string; imported: number }
  | { file: string; duplicateOf: number }
  | { file: string; refused: string }
  | { file: string; failed: string; willRetry: boolean };

export interface HotFolderOptions {
  photographerId?: number;
  stageId?: number | null;
  /** Between looks at the folder (default 2 s). */
  intervalMs?: number;
  /** Stops the watch (after the file being imported). */
  signal?: AbortSignal;
  /** Waits between looks (tests pass their own). */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Looks at most (tests); default: until stopped. */
  rounds?: number;
}

export interface HotFolderSummary {
  imported: number;
  duplicates: number;
  refused: number;
  failed: number;
}

interface Seen {
  size: number;
  mtimeMs: number;
  /** Looks in a row that found it unchanged. */
  unchanged: number;
  /** Imported, a duplicate, refused, or given up: not looked at again until it changes. */
  settled: boolean;
  tries: number;
}

/** Watches a folder until stopped, importing each complete photo once; tells each outcome as it happens. */
export async function watchFolder(
  ctx: ImportContext,
  event: ImportEvent,
  folder: string,
  options: HotFolderOptions,
  onOutcome: (outcome: HotFolderOutcome) => void,
): Promise<HotFolderSummary> {
  const summary: HotFolderSummary = { imported: 0, duplicates: 0, refused: 0, failed: 0 };
  const seen = new Map<string, Seen>();
  const sleep = options.sleep ?? pause;
  const stopped = () => options.signal?.aborted === true;
  for (let round = 0; !stopped() && (options.rounds === undefined || round < options.rounds); round++) {
    if (round > 0) await sleep(options.intervalMs ?? 2000, options.signal);
    if (stopped()) break;
    const names = (await folderFiles(folder).catch(() => [])).filter(isPhotoName);
    for (const name of names) {
      if (stopped()) break;
      const stat = await fs.stat(path.join(folder, name)).catch(() => undefined);
      if (!stat?.isFile()) continue;
      const before = seen.get(name);
      if (!before || before.size !== stat.size || before.mtimeMs !== stat.mtimeMs) {
        // New, or changed since the last look (still being written, or replaced): look again next time.
        seen.set(name, { size: stat.size, mtimeMs: stat.mtimeMs, unchanged: 0, settled: false, tries: 0 });
        continue;
      }
      if (before.settled) continue;
      before.unchanged += 1;
      if (stat.size === 0) continue;
      const outcome = await importOne(ctx, event, folder, name, stat.size, options, before);
      onOutcome(outcome);
      if ('imported' in outcome) summary.imported += 1;
      else if ('duplicateOf' in outcome) summary.duplicates += 1;
      else if ('refused' in outcome) summary.refused += 1;
      else if (!outcome.willRetry) summary.failed += 1;
    }
    // Files gone from the folder are forgotten (a new file of the same name is new).
    for (const name of [...seen.keys()]) if (!names.includes(name)) seen.delete(name);
  }
  return summary;
}

async function importOne(
  ctx: ImportContext,
  event: ImportEvent,
  folder: string,
  file: string,
  size: number,
  options: HotFolderOptions,
  state: Seen,
): Promise<HotFolderOutcome> {
  if (size > MAX_IMPORT_BYTES) {
    state.settled = true;
    return { file, refused: 'file larger than 200 MB' };
  }
  try {
    const result = await importPhoto(ctx, event, {
      bytes: await fs.readFile(path.join(folder, file)),
      originalFileName: file,
      ...(options.photographerId !== undefined ? { photographerId: options.photographerId } : {}),
      stageId: options.stageId ?? null,
      once: true,
    });
    state.settled = true;
    if ('photoId' in result) return { file, imported: result.photoId };
    if ('duplicateOf' in result) return { file, duplicateOf: result.duplicateOf };
    return { file, refused: result.refused };
  } catch (error) {
    state.tries += 1;
    const willRetry = state.tries < MOST_TRIES;
    if (!willRetry) state.settled = true;
    return { file, failed: error instanceof Error ? error.message : String(error), willRetry };
  }
}
