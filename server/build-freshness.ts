// Whether the built PWA in DIST_DIR was built from the sources as they are now. `npm start` after a `git pull`
// must not serve the old app: the build records a fingerprint of its inputs (names and contents), and a start
// that finds another fingerprint (or none) builds again.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** What the PWA is built from, relative to the project root. */
export const BUILD_INPUTS = [
  'src',
  'sw',
  'core',
  'public',
  'index.html',
  'vite.config.ts',
  'lingui.config.ts',
  'tsconfig.base.json',
  'package-lock.json',
];
export const STAMP_FILE = 'build-stamp.json';
/** The server's renderer of first screens (src/entry-server.tsx), built into the PWA's build. */
export const SERVER_RENDERER = 'ssr/entry-server.js';

/** The two builds of `npm run build` (package.json), into `distDir`: the PWA, then its server renderer. */
export const buildCommands = (distDir: string, emptyFirst: boolean): string[][] => [
  ['vite', 'build', '--outDir', distDir, ...(emptyFirst ? ['--emptyOutDir'] : [])],
  ['vite', 'build', '--ssr', 'src/entry-server.tsx', '--outDir', path.join(distDir, 'ssr')],
];

const SKIPPED = /(\.test\.tsx?|\.d\.ts)$/;

function filesUnder(root: string, entry: string, into: string[]): void {
  const full = path.join(root, entry);
  let stat: fs.Stats;
  try {
    stat = fs.statSync(full);
  } catch {
    return;
  }
  if (stat.isDirectory()) {
    for (const name of fs.readdirSync(full).sort()) filesUnder(root, path.join(entry, name), into);
  } else if (!SKIPPED.test(entry)) {
    into.push(entry);
  }
}

/** A hash of the names and contents of every build input (tests excluded: they are not in the app). */
export function sourceFingerprint(root: string): string {
  const files: string[] = [];
  for (const entry of BUILD_INPUTS) filesUnder(root, entry, files);
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(file.split(path.sep).join('/'));
    hash.update('\0');
    hash.update(fs.readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

export type BuildState = 'missing' | 'stale' | 'fresh';

export function buildState(root: string, distDir: string): BuildState {
  if (!fs.existsSync(path.join(distDir, 'index.html'))) return 'missing';
  // A build from before the server renderer: the store's own is built again; another (a deployment's) serves its
  // pages as the shell alone.
  if (!fs.existsSync(path.join(distDir, SERVER_RENDERER))) return 'stale';
  try {
    const stamp = JSON.parse(fs.readFileSync(path.join(distDir, STAMP_FILE), 'utf8')) as { sources?: string };
    return stamp.sources === sourceFingerprint(root) ? 'fresh' : 'stale';
  } catch {
    return 'stale';
  }
}

export function writeBuildStamp(root: string, distDir: string): void {
  const stamp = { sources: sourceFingerprint(root), built_at: new Date().toISOString() };
  fs.writeFileSync(path.join(distDir, STAMP_FILE), `${JSON.stringify(stamp)}\n`);
}
