// Test helper: runs admin command lines through runCli against a fresh database and a disk store in a temp folder,
// capturing what they print and their exit code.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { Db } from '../db/database';
import { insertEvent } from '../db/events-repo';
import type { TestDatabase } from '../db/test-databases';
import { DiskStore } from '../storage/disk-store';
import type { CliContext } from './args';
import { runCli } from './commands';

export interface CliRun {
  code: number;
  out: string;
  err: string;
  /** Progress lines (import-photos). */
  progress: string[];
  /** Whether the command got as far as opening the database. */
  opened: boolean;
}

export interface TestCli {
  db: Db;
  store: DiskStore;
  dir: string;
  now: Date;
  /** PAYMENT_GATEWAY as the commands see it (default sandbox). */
  gateway: CliContext['paymentGateway'];
  /** `watch` looks at its folder this many times, then stops. */
  watchRounds?: number;
  run(...argv: string[]): Promise<CliRun>;
  close(): Promise<void>;
}

export async function openTestCli(
  database: TestDatabase,
  now = new Date('2026-11-22T05:00:00Z'),
): Promise<TestCli> {
  const { db, close } = await database.open();
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'admin-cli-'));
  const store = new DiskStore(path.join(dir, 'objects'), { baseUrl: '/storage', signingSecret: 'secret' });
  const cli: TestCli = {
    db,
    store,
    dir,
    now,
    gateway: 'sandbox',
    async run(...argv) {
      const out: string[] = [];
      const err: string[] = [];
      const progress: string[] = [];
      let opened = false;
      const ctx: CliContext = {
        db,
        store,
        now: () => now,
        paymentGateway: cli.gateway,
        publicBaseUrl: 'http://localhost:8080',
        retentionDays: 35,
        out: (line) => out.push(line),
        note: (line, options) => (options?.progress ? progress : err).push(line),
        ...(cli.watchRounds !== undefined ? { watchRounds: cli.watchRounds } : {}),
      };
      const code = await runCli(
        argv,
        async () => {
          opened = true;
          // The database belongs to the test: the command must not close it.
          return { ctx, close: async () => {} };
        },
        { out: (line) => out.push(line), err: (line) => err.push(line) },
      );
      return { code, out: out.join('\n'), err: err.join('\n'), progress, opened };
    },
    async close() {
      await close();
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
  return cli;
}

/** Writes a small JPEG (or PNG) to a file in the folder and answers its path. */
export async function writeImage(
  folder: string,
  name: string,
  format: 'jpeg' | 'png' = 'jpeg',
): Promise<string> {
  const file = path.join(folder, name);
  await fs.mkdir(path.dirname(file), { recursive: true });
  const image = sharp({ create: { width: 320, height: 200, channels: 3, background: '#2a7' } });
  await fs.writeFile(file, await (format === 'png' ? image.png() : image.jpeg()).toBuffer());
  return file;
}

/** Files under the store's root, relative, sorted. */
export async function storedObjects(store: DiskStore): Promise<string[]> {
  const entries = await fs.readdir(store.root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(store.root, path.join(e.parentPath, e.name)))
    .sort();
}

/** An event of the test's own (no packages), its sale open and closed at the fixture's clock: its id. */
export function insertTestEvent(
  cli: Pick<TestCli, 'db' | 'now'>,
  eventKey: string,
  title: string,
): Promise<number> {
  return insertEvent(cli.db, {
    event: {
      event_key: eventKey,
      title,
      cover_object: `${eventKey}/cover.jpg`,
      event_date_text: '1 พฤศจิกายน 2569',
      eventdate: '2026-11-01',
      province: 'กรุงเทพมหานคร',
      team_key: null,
      on_sale_start: cli.now,
      on_sale_end: cli.now,
    },
  });
}
