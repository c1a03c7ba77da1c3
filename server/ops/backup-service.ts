// The store's side of backups. A backup needs the process that holds the embedded database's files: the
// command line, when a store runs, asks it through the job queue (a "backup" job this loop alone takes) and waits
// for its result; with BACKUP_DIR and BACKUP_EVERY the store also makes its own, keeping the newest BACKUP_KEEP.
// Each backup made is written to the audit trail: an archive holds every runner's and buyer's data.
import fsp from 'node:fs/promises';
import path from 'node:path';
import client from 'prom-client';
import { jobActor, writeAudit } from '../db/audit-repo';
import type { Db, EmbeddedDatabase } from '../db/database';
import type { JobPayload } from '../jobs/kinds';
import { runJobs } from '../jobs/queue';
import { type BackupSummary, writeBackup } from './backup';
import { log } from './log';

/** A backup asked of the store: the archive to write, and who asked (the audit trail's actor). */
export type BackupJobPayload = JobPayload<'backup'>;

/** The backup's entry in the audit trail: the archive, and the orders and faces (the personal rows) it holds. */
export async function auditBackup(
  db: Db,
  actor: string,
  summary: Pick<BackupSummary, 'file' | 'counts'>,
): Promise<void> {
  await writeAudit(db, {
    actor,
    action: 'backup written',
    subject: summary.file,
    records: summary.counts.orders + summary.counts.faces,
  });
}

/** Scheduled archives: runfoto-20261128-031500.tar. */
const SCHEDULED = /^runfoto-\d{8}-\d{6}\.tar$/;
/** A store just started makes its first scheduled backup after this (when one is due). */
const FIRST_AFTER_MS = 60_000;

export interface BackupSchedule {
  dir: string;
  everyMs: number;
  keep: number;
}

const lastBackup = new client.Gauge({
  name: 'storefront_last_backup_timestamp_seconds',
  help: 'When the last backup this process made was finished (Unix time)',
});
const backupFailures = new client.Counter({
  name: 'storefront_backup_failures_total',
  help: 'Backups this process could not make',
});

const stamp = (at: Date) => at.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);

/** The scheduled archives in `dir`, oldest first. */
async function scheduledArchives(dir: string): Promise<string[]> {
  return (await fsp.readdir(dir).catch(() => [] as string[])).filter((name) => SCHEDULED.test(name)).sort();
}

/** Makes one scheduled backup and removes the oldest beyond `keep`. */
export async function scheduledBackup(
  embedded: Pick<EmbeddedDatabase, 'db' | 'pglite' | 'lock'>,
  dataDir: string,
  schedule: BackupSchedule,
  now: Date = new Date(),
): Promise<string> {
  await fsp.mkdir(schedule.dir, { recursive: true });
  const file = path.join(schedule.dir, `runfoto-${stamp(now)}.tar`);
  const summary = await writeBackup(embedded, dataDir, file, now);
  await auditBackup(embedded.db, jobActor('backup'), summary);
  const archives = await scheduledArchives(schedule.dir);
  for (const old of archives.slice(0, Math.max(0, archives.length - schedule.keep)))
    await fsp.rm(path.join(schedule.dir, old), { force: true });
  log.info(`backup written: ${summary.file}`, {
    ...summary.counts,
    bytes: summary.bytes,
    seconds: summary.seconds,
  });
  return file;
}

/** How long until the next scheduled backup: `every` after the newest archive in the folder. */
async function untilNext(schedule: BackupSchedule): Promise<number> {
  const newest = (await scheduledArchives(schedule.dir)).at(-1);
  if (!newest) return FIRST_AFTER_MS;
  const at = (await fsp.stat(path.join(schedule.dir, newest)).catch(() => undefined))?.mtimeMs ?? 0;
  return Math.max(FIRST_AFTER_MS, at + schedule.everyMs - Date.now());
}

/** Runs the backup jobs asked of this store, and its schedule; stop() ends both (a backup under way finishes). */
export function startBackupService(deps: {
  db: Db;
  embedded: EmbeddedDatabase;
  dataDir: string;
  schedule?: BackupSchedule | undefined;
}): { stop(): Promise<void> } {
  const stop = new AbortController();
  let running: Promise<unknown> = Promise.resolve();
  const backupJob = async (asked: BackupJobPayload) => {
    const summary = await writeBackup(deps.embedded, deps.dataDir, asked.file);
    await auditBackup(deps.db, asked.actor ? asked.actor : jobActor('backup'), summary);
    lastBackup.set(Date.now() / 1000);
    return summary;
  };
  // The backups lane (jobs/kinds.ts: a backup is never tried again behind the back of the person who asked).
  const loop = runJobs({ db: deps.db }, { backup: backupJob }, { until: stop.signal, pollMs: 500 }).catch(
    (error: unknown) => log.error('backups: the job loop stopped', { err: error }),
  );
  let timer: ReturnType<typeof setTimeout> | undefined;
  const plan = async () => {
    const schedule = deps.schedule;
    if (!schedule) return;
    const wait = await untilNext(schedule);
    if (stop.signal.aborted) return;
    timer = setTimeout(() => {
      running = scheduledBackup(deps.embedded, deps.dataDir, schedule)
        .then(() => lastBackup.set(Date.now() / 1000))
        .catch((error: unknown) => {
          backupFailures.inc();
          log.error('the scheduled backup failed', { err: error });
        })
        .finally(() => void plan());
    }, wait);
    timer.unref();
  };
  void plan();
  return {
    async stop() {
      stop.abort();
      clearTimeout(timer);
      await Promise.all([loop, running]);
    },
  };
}
