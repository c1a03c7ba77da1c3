// The store's own address as the admin command line prints it (a photographer's upload link): PUBLIC_BASE_URL, else
// http://localhost:<port> on the port the store listens on. The store records that port when it starts listening
// (store_marks, so the command line beside it reads it whether the database is embedded or PostgreSQL); the
// command line's own PORT is only the last resort (no store has run on this database yet).
import type { Config } from '../config';
import type { Db } from '../db/database';
import { readMark, writeMark } from '../db/store-marks-repo';

const LISTENING_PORT_MARK = 'listening-port';

/** Records the port the store listens on (called once it listens). */
export async function recordListeningPort(db: Db, port: number): Promise<void> {
  await writeMark(db, LISTENING_PORT_MARK, String(port));
}

/** The store's address: PUBLIC_BASE_URL, else localhost on the port the store listens on, else on PORT. */
export async function storeAddress(config: Pick<Config, 'publicBaseUrl' | 'port'>, db: Db): Promise<string> {
  if (config.publicBaseUrl) return config.publicBaseUrl.replace(/\/+$/, '');
  // A database the store never listened on (or one that cannot be read yet) has no mark: PORT then.
  const recorded = await readMark(db, LISTENING_PORT_MARK).catch(() => undefined);
  const port = recorded !== undefined && /^\d{1,5}$/.test(recorded) ? Number(recorded) : config.port;
  return `http://localhost:${port}`;
}
