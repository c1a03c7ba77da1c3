// Entry: config → build the PWA if missing or stale → database → app → listen (and the jobs, unless JOBS=off).
// With API_PROCESSES above 1, this process prepares the database once, then runs that many API processes
// (api-processes.ts), each of which runs this entry from "database" on.
import { spawnSync } from 'node:child_process';
import cluster from 'node:cluster';
import path from 'node:path';
import { runApiProcesses } from './api-processes';
import { buildCommands, buildState } from './build-freshness';
import { loadConfig, noSupportNotice, sandboxWarning } from './config';
import { DataDirBusy } from './db/open-for-role';
import { serveHttp } from './http-server';
import { schedulePurge } from './jobs/purge-selfies';
import { startJobRunner } from './jobs/runner';
import { openStore } from './server';

const config = loadConfig();

// A missing build is made; so is one made from other sources (after a `git pull`), unless the store serves a
// DIST_DIR of its own (a deployment's prebuilt app is never rebuilt from this folder).
const state = cluster.isPrimary ? buildState(process.cwd(), config.distDir) : 'fresh';
const ownDist = config.distDir === path.resolve('dist');
if (state === 'missing' || (state === 'stale' && ownDist)) {
  console.log(
    state === 'missing'
      ? `no build in ${config.distDir}: building the PWA first`
      : 'the sources changed since the PWA was built: building it again',
  );
  for (const args of buildCommands(config.distDir, ownDist)) {
    const build = spawnSync('npx', args, { stdio: 'inherit' });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
}

if (cluster.isPrimary && config.apiProcesses > 1) {
  // Once, before the processes start together: migrations, the signing secret, the demo data.
  const prepared = await openStore({ ...config, faceWorkers: 0, selfieWorkers: 0 });
  await prepared.close();
  runApiProcesses(config.apiProcesses);
} else {
  await serveStore();
}

async function serveStore(): Promise<void> {
  const store = await openStore(config).catch((error: unknown) => {
    if (!(error instanceof DataDirBusy)) throw error;
    console.error(error.message);
    process.exit(1);
  });
  const stopPurge = schedulePurge(store.ctx);
  // JOBS=off leaves indexing, delivery, notices and retention to `npm run worker` processes.
  if (config.runJobs) store.faces.startIndexing();
  const jobs = config.runJobs ? startJobRunner(store.jobs, { leaseMs: config.jobLeaseMs }) : undefined;
  const server = serveHttp({ fetch: store.app.fetch, port: config.port, hostname: config.host }, (info) => {
    const where = config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`;
    console.log(`storefront on http://localhost:${info.port} (${where})`);
    const sandbox = sandboxWarning(config);
    if (sandbox) console.warn(sandbox);
    const noSupport = noSupportNotice(config);
    if (noSupport) console.warn(noSupport);
  });
  server.on('error', (error: NodeJS.ErrnoException) => {
    console.error(
      error.code === 'EADDRINUSE' ? `port ${config.port} is in use: set PORT to another port` : error,
    );
    process.exit(1);
  });

  let closing = false;
  const shutdown = async () => {
    if (closing) return;
    closing = true;
    stopPurge();
    server.close();
    await jobs?.stop();
    await store.close();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}
