// Entry: config → build the PWA if missing or stale → database → app → listen (and the jobs, unless JOBS=off).
// With API_PROCESSES above 1, this process prepares the database once, then runs that many API processes
// (api-processes.ts), each of which runs this entry from "database" on.
import './ops/private-umask';
import { spawnSync } from 'node:child_process';
import cluster from 'node:cluster';
import path from 'node:path';
import { runApiProcesses } from './api-processes';
import { buildCommands, buildState } from './build-freshness';
import { loadConfig, noPrivacyContactNotice, noSupportNotice, sandboxWarning } from './config';
import { DataDirBusy } from './db/open-for-role';
import { serveHttp } from './http-server';
import { schedulePrivacyCodePurge } from './jobs/purge-privacy-codes';
import { schedulePurge } from './jobs/purge-selfies';
import { scheduleUploadPurge } from './jobs/purge-uploads';
import { startJobRunner } from './jobs/runner';
import { startBackupService } from './ops/backup-service';
import { configureLog, log } from './ops/log';
import { clusterMetricsSource, serveMetricsPort } from './ops/metrics-server';
import { closeDataDir, makeDataDirPrivate } from './ops/private-files';
import { stopOnSignals } from './ops/shutdown';
import { recordListeningPort } from './ops/store-address';
import { openStore } from './server';

const config = loadConfig();
configureLog(config.log, { role: 'api' });

// A missing build is made; so is one made from other sources (after a `git pull`), unless the store serves a
// DIST_DIR of its own (a deployment's prebuilt app is never rebuilt from this folder).
const state = cluster.isPrimary ? buildState(process.cwd(), config.distDir) : 'fresh';
const ownDist = config.distDir === path.resolve('dist');
if (state === 'missing' || (state === 'stale' && ownDist)) {
  log.info(
    state === 'missing'
      ? `no build in ${config.distDir}: building the PWA first`
      : 'the sources changed since the PWA was built: building it again',
  );
  for (const args of buildCommands(config.distDir, ownDist)) {
    const build = spawnSync('npx', args, { stdio: 'inherit' });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
}

if (cluster.isPrimary) await closeDataDir(config.dataDir);

if (cluster.isPrimary && config.apiProcesses > 1) {
  // Once, before the processes start together: migrations, the signing secret, the demo data.
  const prepared = await openStore({ ...config, faceWorkers: 0, selfieWorkers: 0 });
  await prepared.close();
  await makeDataDirPrivate(config.dataDir);
  // Their metrics, added up, on the metrics port (each process answers /metrics with the token for itself).
  if (config.metricsPort !== undefined)
    await serveMetricsPort(
      { metricsPort: config.metricsPort, metricsHost: config.metricsHost },
      clusterMetricsSource(),
    );
  runApiProcesses(config.apiProcesses, config.shutdownSeconds);
} else {
  await serveStore();
}

async function serveStore(): Promise<void> {
  const store = await openStore(config).catch((error: unknown) => {
    if (!(error instanceof DataDirBusy)) throw error;
    log.error(error.message);
    process.exit(1);
  });
  // The database is open (made, migrated, seeded): what is in DATA_DIR now is made private.
  if (cluster.isPrimary) await makeDataDirPrivate(config.dataDir);
  const stopPurge = schedulePurge(store.ctx);
  const stopUploadPurge = scheduleUploadPurge(store.ctx);
  const stopCodePurge = schedulePrivacyCodePurge(store.ctx);
  // JOBS=off leaves indexing, delivery, notices and retention to `npm run worker` processes.
  if (config.runJobs) store.faces.startIndexing();
  const jobs = config.runJobs ? startJobRunner(store.jobs, { leaseMs: config.jobLeaseMs }) : undefined;
  const server = serveHttp({ fetch: store.app.fetch, port: config.port, hostname: config.host }, (info) => {
    // The port it got (PORT=0: any free one) is the one its own address names.
    store.ctx.ownAddress.port = info.port;
    const where = config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`;
    // The admin command line prints addresses on this port (ops/store-address.ts): recorded before the store says
    // it listens, so a command run then prints it.
    void recordListeningPort(store.ctx.db, info.port)
      .catch((error: unknown) => log.warn('could not record the port the store listens on', { err: error }))
      .finally(() => log.info(`storefront on http://localhost:${info.port} (${where})`, { port: info.port }));
    const sandbox = sandboxWarning(config);
    if (sandbox) log.warn(sandbox);
    const noSupport = noSupportNotice(config);
    if (noSupport) log.warn(noSupport);
    const noPrivacyContact = noPrivacyContactNotice(config);
    if (noPrivacyContact) log.warn(noPrivacyContact);
  });
  server.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EADDRINUSE') log.error(`port ${config.port} is in use: set PORT to another port`);
    else log.error('the HTTP server failed', { err: error });
    process.exit(1);
  });
  // Backups asked by the command line, and the scheduled ones: only the process holding the embedded database.
  const database = store.database.embedded;
  const backups = database
    ? startBackupService({
        db: store.ctx.db,
        embedded: database,
        dataDir: config.dataDir,
        schedule: config.backups,
      })
    : undefined;
  // One API process of several serves no metrics port: the primary does, for all of them.
  const metricsServer =
    config.metricsPort !== undefined && cluster.isPrimary
      ? await serveMetricsPort({ metricsPort: config.metricsPort, metricsHost: config.metricsHost })
      : undefined;

  stopOnSignals(
    {
      lifecycle: store.lifecycle,
      servers: [server, ...(metricsServer ? [metricsServer] : [])],
      // A load balancer goes on sending requests until it has seen /readyz's 503: they are answered meanwhile.
      drainMs: config.drainSeconds * 1000,
      jobs: [
        ...(jobs ? [() => jobs.stop()] : []),
        ...(backups ? [() => backups.stop()] : []),
        () => store.faces.stopIndexing(),
      ],
      db: store.ctx.db,
      close: (abandon) => store.close(abandon),
      before: () => {
        stopPurge();
        stopUploadPurge();
        stopCodePurge();
      },
    },
    config.shutdownSeconds,
    'store',
  );
}
