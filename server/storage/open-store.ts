// Chooses the object store: S3-compatible when S3_* are set, else the disk under DATA_DIR/objects.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import type { Config } from '../config';
import { dataDirLayout } from '../data-dir';
import { DiskStore } from './disk-store';
import type { ObjectStore } from './object-store';
import { S3Store } from './s3-store';

export const diskStoreDir = (config: Pick<Config, 'dataDir'>) => dataDirLayout(config.dataDir).objects;

/** The disk store's signing secret: from the environment, else made once and kept beside the data. */
export async function loadSigningSecret(config: Pick<Config, 'dataDir' | 'signingSecret'>): Promise<string> {
  if (config.signingSecret) return config.signingSecret;
  const file = dataDirLayout(config.dataDir).secret;
  try {
    return (await fs.readFile(file, 'utf8')).trim();
  } catch {
    await fs.mkdir(config.dataDir, { recursive: true });
    const secret = randomBytes(32).toString('base64url');
    await fs.writeFile(file, secret, { mode: 0o600, flag: 'wx' }).catch(() => undefined);
    return (await fs.readFile(file, 'utf8')).trim();
  }
}

export async function openObjectStore(config: Config): Promise<ObjectStore> {
  if (config.s3) return new S3Store(config.s3);
  return new DiskStore(diskStoreDir(config), {
    baseUrl: config.storagePublicUrl,
    signingSecret: await loadSigningSecret(config),
  });
}
