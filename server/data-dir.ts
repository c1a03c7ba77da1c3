// DATA_DIR's layout, named once: the embedded database's files, the disk store's objects, the signing secret of its
// addresses, and the file that says which process holds the database. The database, the object store and backups
// all take their paths from here, so a backup cannot miss a part that moved. (The database's socket for admin
// commands and workers is here too, unless DATA_DIR's path is too long for one: db/data-dir-lock.ts.)
import path from 'node:path';

export interface DataDirLayout {
  /** The embedded PostgreSQL (PGlite) database's files. */
  pglite: string;
  /** The disk store's objects (photos and their versions, covers, selfies while kept). */
  objects: string;
  /** The key of the disk store's signed addresses, when STORAGE_SIGNING_SECRET does not give one. */
  secret: string;
  /** Which process holds the database's files now (the running store's, never backed up). */
  lock: string;
}

export const dataDirLayout = (dataDir: string): DataDirLayout => ({
  pglite: path.join(dataDir, 'pglite'),
  objects: path.join(dataDir, 'objects'),
  secret: path.join(dataDir, 'signing-secret'),
  lock: path.join(dataDir, 'pglite.lock.json'),
});
