// backup and restore: the embedded store (PGlite and the disk store in DATA_DIR) as one archive, made
// while the store runs, restored into an empty DATA_DIR and verified there (ops/backup.ts). With a store running,
// the store writes the archive (it holds the database's files): this command asks it through the job queue and
// waits; with none, the command writes it itself. PostgreSQL and S3 have their own tools (README: Backups). An
// archive holds every runner's and buyer's data: each backup is written to the audit trail (by whichever process
// wrote it, naming the OS user who asked), and each restore into the restored database, naming the archive.
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import { dataDirLayout } from '../data-dir';
import { adminActor, writeAudit } from '../db/audit-repo';
import { migrate, openEmbeddedDatabase } from '../db/database';
import { findJob } from '../db/jobs-repo';
import { openClientDatabase } from '../db/open-for-role';
import { enqueue } from '../jobs/queue';
import { type BackupSummary, restoreBackup, writeBackup } from '../ops/backup';
import { auditBackup, type BackupJobPayload } from '../ops/backup-service';
import { pause } from '../services/pause';
import { type Command, CommandFailed, noExtra, parseCommand, standaloneCommand, UsageError } from './args';

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Refuses a store that is not the embedded one, saying what to do instead. */
function embeddedOnly(config: Config, what: 'backup' | 'restore'): void {
  if (config.databaseUrl)
    throw new CommandFailed(
      `${what} is for the embedded store; this one's database is PostgreSQL: use pg_dump and pg_restore, and the object store's own copies (README: Backups)`,
    );
  if (config.s3)
    throw new CommandFailed(
      `${what} is for the embedded store; this one keeps its objects on S3: use the bucket's versioning or replication, and pg_dump for the database (README: Backups)`,
    );
}

const fileArg = (name: string) => (argv: string[]) => {
  const { positionals } = parseCommand(name, argv, {}, ['file']);
  noExtra(name, positionals, 1);
  const [file] = positionals;
  if (!file) throw new UsageError(`${name}: the archive's file name is required`);
  return path.resolve(file);
};

const countsLine = (s: Pick<BackupSummary, 'counts'>) =>
  `${s.counts.events} events, ${s.counts.photos} photos, ${s.counts.faces} faces, ${s.counts.orders} orders, ${s.counts.payments} payments`;

/** Asks the running store for the backup and waits for it. */
async function backupByStore(db: Parameters<typeof enqueue>[0], file: string, note: (line: string) => void) {
  const payload: BackupJobPayload = { file, actor: adminActor() };
  const id = await enqueue(db, 'backup', payload);
  note('the store is writing the backup…');
  for (;;) {
    await pause(500);
    const job = await findJob(db, id);
    if (job?.state === 'done') return job.result as BackupSummary;
    if (job?.state === 'failed')
      throw new CommandFailed(`the backup was not made: ${job.error ?? 'it failed'}`);
  }
}

const backup = standaloneCommand({
  name: 'backup',
  args: '<file>',
  summary:
    'write an archive of the embedded store (database and photos) while it runs; a new file, never replaced',
  parse: fileArg('backup'),
  async run(ctx, file) {
    embeddedOnly(ctx.config, 'backup');
    // A new file in a folder that exists: writeBackup checks it, in this process or in the store's.
    const database = await openClientDatabase(ctx.config, 'admin');
    try {
      let summary: BackupSummary;
      if (database.embedded) {
        summary = await writeBackup(database.embedded, ctx.config.dataDir, file).catch((error: Error) => {
          throw new CommandFailed(`the backup was not made: ${error.message}`);
        });
        await auditBackup(database.db, adminActor(), summary);
      } else summary = await backupByStore(database.db, file, ctx.note);
      ctx.out(
        `backup written: ${summary.file} (${mb(summary.bytes)}): ${countsLine(summary)}; ${summary.objects} objects (${mb(summary.objectBytes)}) in ${summary.seconds.toFixed(1)} s`,
      );
    } finally {
      await database.close();
    }
  },
});

/**
 * Writes the restore into the restored database's audit trail (the one the store will run on; the trail of the
 * database it replaces is in that database's own backups). An archive older than the trail's table is brought up to
 * date first, as the store would do on starting.
 */
async function auditRestore(dataDir: string, file: string, counts: BackupSummary['counts']): Promise<void> {
  const restored = await openEmbeddedDatabase(dataDirLayout(dataDir).pglite);
  try {
    await migrate(restored.db);
    await writeAudit(restored.db, {
      actor: adminActor(),
      action: 'backup restored',
      subject: file,
      records: counts.orders + counts.faces,
    });
  } finally {
    await restored.db.destroy();
  }
}

const restore = standaloneCommand({
  name: 'restore',
  args: '<file>',
  summary:
    "restore an archive into an empty DATA_DIR (never over a store), checking every object's checksum and the counts",
  parse: fileArg('restore'),
  async run(ctx, file) {
    embeddedOnly(ctx.config, 'restore');
    if (!fs.existsSync(file)) throw new CommandFailed(`${file} does not exist`);
    const restored = await restoreBackup(file, ctx.config.dataDir).catch((error: Error) => {
      throw new CommandFailed(`nothing was restored: ${error.message}`);
    });
    await auditRestore(ctx.config.dataDir, file, restored.counts).catch((error: Error) => {
      throw new CommandFailed(
        `restored into ${ctx.config.dataDir}, but the restore could not be written to its audit trail: ${error.message}`,
      );
    });
    ctx.out(
      `restored into ${ctx.config.dataDir}: ${countsLine(restored)}; ${restored.objects} objects (${mb(restored.objectBytes)}), every checksum verified (backup of ${restored.created_at})`,
    );
    ctx.out(`start the store on it: DATA_DIR=${ctx.config.dataDir} npm start`);
  },
});

export const backupCommands: Command[] = [backup, restore];
