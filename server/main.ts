// Entry: config → build the PWA if missing → database → app → listen.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { loadConfig } from './config';
import { schedulePurge } from './jobs/purge-selfies';
import { startJobRunner } from './jobs/runner';
import { openStore } from './server';

const config = loadConfig();

if (!fs.existsSync(path.join(config.distDir, 'index.html'))) {
  console.log(`no build in ${config.distDir}: building the PWA first`);
  const build = spawnSync('npx', ['vite', 'build', '--outDir', config.distDir], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const store = await openStore(config);
const stopPurge = schedulePurge(store.ctx);
store.faces.startIndexing();
const jobs = startJobRunner(store.jobs);
const server = serve({ fetch: store.app.fetch, port: config.port, hostname: config.host }, (info) => {
  const where = config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`;
  console.log(`storefront on http://localhost:${info.port} (${where})`);
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
  await jobs.stop();
  await store.close();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
