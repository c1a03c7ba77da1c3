// Backups of the embedded store: one archive (tar) of the database and the object store, made while the
// store runs, restored only into an empty DATA_DIR and verified there.
//
// The archive, in order: database.tar.gz (PGlite's own dump of its files, taken while no query or transaction of the
// store runs: a consistent copy, as a snapshot of the disk would be), signing-secret (the key of signed addresses and
// photo passes: paid orders' downloads keep working), objects/<key> for every stored object (photos, derivatives,
// covers, logos; not runners' selfies, which live minutes, nor photographers' uploads waiting for their import, nor
// temporary files), and manifest.json last: the counts
// of events, photos, faces, orders and payments in the dump, and every file's size and SHA-256. The archive is written
// under a temporary name and renamed when whole: a failed backup (a full disk) leaves nothing behind.
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { PGlite } from '@electric-sql/pglite';
import tar from 'tar-stream';
import { type DataDirLayout, dataDirLayout } from '../data-dir';
import type { EmbeddedDatabase } from '../db/database';
import { isDiskFull } from '../storage/disk-full';
import { assertObjectKey } from '../storage/object-store';

export const BACKUP_FORMAT = 'runfoto-backup';
const DATABASE_ENTRY = 'database.tar.gz';
const SECRET_ENTRY = 'signing-secret';
const MANIFEST_ENTRY = 'manifest.json';
const OBJECTS_PREFIX = 'objects/';
/**
 * Objects never kept in a backup: runners' selfies (minutes of life, personal data), readiness probes, and
 * photographers' uploads waiting for their import (minutes of life too; one never said done is anyone's bytes: a
 * restored store's import job of one finds it gone and skips it, and the photographer sends it again).
 */
const NOT_BACKED_UP = ['private/selfies/', 'private/health/', 'private/uploads/'];

export interface StoreCounts {
  events: number;
  photos: number;
  faces: number;
  orders: number;
  payments: number;
}

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  version: 1;
  created_at: string;
  /** The newest migration of the database in the archive. */
  schema: string;
  counts: StoreCounts;
  database: { bytes: number; sha256: string };
  secret: boolean;
  objects: { key: string; bytes: number; sha256: string }[];
}

export interface BackupSummary {
  file: string;
  bytes: number;
  counts: StoreCounts;
  objects: number;
  objectBytes: number;
  seconds: number;
}

const COUNTS_SQL = `select
  (select count(*) from events)::int as events,
  (select count(*) from photos)::int as photos,
  (select count(*) from faces)::int as faces,
  (select count(*) from orders)::int as orders,
  (select count(*) from payments)::int as payments`;
const SCHEMA_SQL = 'select name from kysely_migration order by name desc limit 1';

async function countsOf(pglite: PGlite): Promise<{ counts: StoreCounts; schema: string }> {
  const counts = (await pglite.query<StoreCounts>(COUNTS_SQL)).rows[0] as StoreCounts;
  const schema = (await pglite.query<{ name: string }>(SCHEMA_SQL)).rows[0]?.name ?? '';
  return { counts, schema };
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Every object key under the disk store's folder, but temporary files and what is never backed up. */
async function objectKeys(root: string): Promise<string[]> {
  const keys: string[] = [];
  const walk = async (dir: string, prefix: string) => {
    const entries = await fsp.readdir(dir, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    });
    for (const entry of entries) {
      const key = `${prefix}${entry.name}`;
      if (entry.isDirectory()) await walk(path.join(dir, entry.name), `${key}/`);
      else if (
        entry.isFile() &&
        !entry.name.endsWith('.tmp') &&
        !NOT_BACKED_UP.some((p) => key.startsWith(p))
      )
        keys.push(key);
    }
  };
  await walk(root, '');
  return keys.sort();
}

/** Adds one entry of known bytes. */
async function addBytes(pack: tar.Pack, name: string, bytes: Uint8Array): Promise<void> {
  await new Promise<void>((resolve, reject) =>
    // A view of the bytes, not a copy (the database's dump may be hundreds of MB).
    pack.entry(
      { name, size: bytes.length, mode: 0o600 },
      Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length),
      (error) => (error ? reject(error) : resolve()),
    ),
  );
}

/**
 * Adds one stored object, read from an open handle (an object replaced meanwhile is read as it was when opened);
 * undefined when it was deleted before it could be opened.
 */
async function addObject(
  pack: tar.Pack,
  root: string,
  key: string,
): Promise<{ bytes: number; sha256: string } | undefined> {
  let handle: fsp.FileHandle;
  try {
    handle = await fsp.open(path.join(root, ...key.split('/')), 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  try {
    const { size } = await handle.stat();
    const hash = createHash('sha256');
    let entryDone: (error?: Error | null) => void = () => undefined;
    const done = new Promise<void>((resolve, reject) => {
      entryDone = (error) => (error ? reject(error) : resolve());
    });
    const entry = pack.entry({ name: `${OBJECTS_PREFIX}${key}`, size, mode: 0o644 }, (error) =>
      entryDone(error),
    );
    let read = 0;
    const chunk = Buffer.alloc(256 * 1024);
    while (read < size) {
      const { bytesRead } = await handle.read(chunk, 0, Math.min(chunk.length, size - read), read);
      if (bytesRead === 0) throw new Error(`object ${key} became shorter while it was read`);
      const part = Buffer.from(chunk.subarray(0, bytesRead));
      hash.update(part);
      read += bytesRead;
      if (!entry.write(part)) await once(entry, 'drain');
    }
    (entry as NodeJS.WritableStream).end();
    await done;
    return { bytes: size, sha256: hash.digest('hex') };
  } finally {
    await handle.close();
  }
}

/**
 * Writes the backup of the embedded store whose database this process holds. The store's queries wait only while
 * the database's files are dumped (the session is held for that); the objects are read after.
 */
export async function writeBackup(
  embedded: Pick<EmbeddedDatabase, 'pglite' | 'lock'>,
  dataDir: string,
  file: string,
  now: Date = new Date(),
): Promise<BackupSummary> {
  const started = Date.now();
  const target = path.resolve(file);
  await fsp.access(path.dirname(target)).catch(() => {
    throw new Error(`the folder ${path.dirname(target)} does not exist`);
  });
  if (fs.existsSync(target)) throw new Error(`${target} exists already: a backup never replaces a file`);
  const partial = `${target}.partial-${process.pid}`;
  const parts = dataDirLayout(dataDir);
  const release = await embedded.lock.acquire('store');
  let dump: Uint8Array;
  let counted: Awaited<ReturnType<typeof countsOf>>;
  try {
    counted = await countsOf(embedded.pglite);
    dump = new Uint8Array(await (await embedded.pglite.dumpDataDir('gzip')).arrayBuffer());
  } finally {
    release();
  }
  const pack = tar.pack();
  const written = pipeline(pack, fs.createWriteStream(partial, { flags: 'wx', mode: 0o600 }));
  // The write side's failure (a full disk) ends the packing too.
  written.catch(() => pack.destroy());
  try {
    await addBytes(pack, DATABASE_ENTRY, dump);
    const secret = await fsp.readFile(parts.secret).catch(() => undefined);
    if (secret) await addBytes(pack, SECRET_ENTRY, secret);
    const objects: BackupManifest['objects'] = [];
    for (const key of await objectKeys(parts.objects)) {
      const added = await addObject(pack, parts.objects, key);
      if (added) objects.push({ key, ...added });
    }
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      version: 1,
      created_at: now.toISOString(),
      schema: counted.schema,
      counts: counted.counts,
      database: { bytes: dump.length, sha256: sha256(dump) },
      secret: secret !== undefined,
      objects,
    };
    await addBytes(pack, MANIFEST_ENTRY, Buffer.from(JSON.stringify(manifest)));
    pack.finalize();
    await written;
    const handle = await fsp.open(partial, 'r+');
    await handle.sync();
    await handle.close();
    await fsp.rename(partial, target);
    return {
      file: target,
      bytes: (await fsp.stat(target)).size,
      counts: counted.counts,
      objects: objects.length,
      objectBytes: objects.reduce((n, o) => n + o.bytes, 0),
      seconds: (Date.now() - started) / 1000,
    };
  } catch (error) {
    pack.destroy();
    // The file's own failure (a full disk) is the cause; the packing only stopped because of it.
    const writeError = await written.then(
      () => undefined,
      (failure: unknown) => failure,
    );
    await fsp.rm(partial, { force: true });
    throw backupError(isDiskFull(writeError) ? writeError : error);
  }
}

/** A failure in words an operator acts on; a full disk says so. */
function backupError(error: unknown): Error {
  if (isDiskFull(error))
    return new Error('the disk is full: the backup was not written, and nothing of it was kept');
  return error instanceof Error ? error : new Error(String(error));
}

export interface RestoreSummary {
  counts: StoreCounts;
  objects: number;
  objectBytes: number;
  created_at: string;
  schema: string;
}

/** Whether a folder is missing or has nothing in it. */
async function isEmptyDir(dir: string): Promise<boolean> {
  const entries = await fsp.readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  return entries.length === 0;
}

/**
 * Restores an archive into `dataDir`, which must be empty (or missing): every object is checked against the
 * manifest's SHA-256 as it is written, the database is loaded and its counts compared with the manifest's. Anything
 * wrong: what was written is removed, and the error says what.
 */
export async function restoreBackup(file: string, dataDir: string): Promise<RestoreSummary> {
  if (!(await isEmptyDir(dataDir)))
    throw new Error(
      `${dataDir} is not empty: a backup is restored only into an empty DATA_DIR, never over a store`,
    );
  const parts = dataDirLayout(dataDir);
  await fsp.mkdir(dataDir, { recursive: true });
  try {
    return await restoreInto(file, parts);
  } catch (error) {
    for (const entry of await fsp.readdir(dataDir).catch(() => []))
      await fsp.rm(path.join(dataDir, entry), { recursive: true, force: true });
    throw error;
  }
}

async function restoreInto(file: string, parts: DataDirLayout): Promise<RestoreSummary> {
  const extract = tar.extract();
  // A tar that cannot be read (a damaged header) fails the reading and the entries alike: said once, as damage.
  let unreadable: unknown;
  const reading = pipeline(fs.createReadStream(file), extract).catch((error: unknown) => {
    unreadable = error;
  });
  let database: Uint8Array | undefined;
  let secret: Uint8Array | undefined;
  let manifest: BackupManifest | undefined;
  const objects = new Map<string, { bytes: number; sha256: string }>();
  try {
    for await (const entry of extract) {
      const name = entry.header.name;
      if (name.startsWith(OBJECTS_PREFIX)) {
        const key = name.slice(OBJECTS_PREFIX.length);
        assertObjectKey(key);
        const target = path.join(parts.objects, ...key.split('/'));
        await fsp.mkdir(path.dirname(target), { recursive: true });
        const hash = createHash('sha256');
        let bytes = 0;
        entry.on('data', (chunk: unknown) => {
          hash.update(chunk as Buffer);
          bytes += (chunk as Buffer).length;
        });
        await pipeline(entry, fs.createWriteStream(target, { flags: 'wx' }));
        objects.set(key, { bytes, sha256: hash.digest('hex') });
        continue;
      }
      const chunks: Buffer[] = [];
      for await (const chunk of entry) chunks.push(chunk as Buffer);
      const bytes = Buffer.concat(chunks);
      if (name === DATABASE_ENTRY) database = bytes;
      else if (name === SECRET_ENTRY) secret = bytes;
      else if (name === MANIFEST_ENTRY) manifest = JSON.parse(bytes.toString('utf8')) as BackupManifest;
      else throw new Error(`not a backup of this store: it holds "${name}"`);
    }
  } catch (error) {
    await reading;
    if (unreadable === undefined) throw error;
  }
  await reading;
  if (unreadable !== undefined) {
    const why = unreadable instanceof Error ? unreadable.message : String(unreadable);
    throw new Error(`the archive cannot be read, it is damaged (${why})`);
  }
  if (manifest?.format !== BACKUP_FORMAT || !database)
    throw new Error('not a whole backup of this store (no manifest or no database in it)');
  if (database.length !== manifest.database.bytes || sha256(database) !== manifest.database.sha256)
    throw new Error('the database in the backup does not match its checksum: the archive is damaged');
  if (manifest.secret !== (secret !== undefined))
    throw new Error('the signing secret is missing from the backup');
  const problems: string[] = [];
  for (const expected of manifest.objects) {
    const got = objects.get(expected.key);
    if (!got) problems.push(`${expected.key} is missing`);
    else if (got.sha256 !== expected.sha256 || got.bytes !== expected.bytes)
      problems.push(`${expected.key} does not match its checksum`);
    objects.delete(expected.key);
  }
  for (const key of objects.keys()) problems.push(`${key} is not in the manifest`);
  if (problems.length > 0)
    throw new Error(
      `the backup's objects are damaged (${problems.length}): ${problems.slice(0, 5).join('; ')}`,
    );
  if (secret) await fsp.writeFile(parts.secret, secret, { mode: 0o600 });
  const pglite = new PGlite({
    dataDir: parts.pglite,
    loadDataDir: new Blob([database as Uint8Array<ArrayBuffer>]),
  });
  try {
    const restored = await countsOf(pglite);
    for (const [what, n] of Object.entries(manifest.counts) as [keyof StoreCounts, number][])
      if (restored.counts[what] !== n)
        throw new Error(`the restored database has ${restored.counts[what]} ${what}, the backup said ${n}`);
  } finally {
    await pglite.close();
  }
  return {
    counts: manifest.counts,
    objects: manifest.objects.length,
    objectBytes: manifest.objects.reduce((n, o) => n + o.bytes, 0),
    created_at: manifest.created_at,
    schema: manifest.schema,
  };
}
