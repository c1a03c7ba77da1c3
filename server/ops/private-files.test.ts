// DATA_DIR is the store's user's only: the folder 0700 and every file in it without group or other access, those
// there from before made so at start-up (logged once), those the store, a worker or an admin command makes after
// made so by the umask every entry sets.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fakeDist, runNode, type StoreProcess, startStoreProcess, tempDataDir } from '../test/processes';
import { makeDataDirPrivate } from './private-files';

const modeOf = (file: string) => fs.lstatSync(file).mode & 0o777;
const everything = (dir: string): string[] =>
  fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((name) => path.join(dir, name));
const open = (files: string[]) => files.filter((file) => (modeOf(file) & 0o077) !== 0);

describe('private files', () => {
  const dirs: string[] = [];
  let store: StoreProcess | undefined;
  afterAll(async () => {
    await store?.stop();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('makes a folder and what is in it private, leaves symbolic links and their targets alone', async () => {
    const dir = tempDataDir('private-');
    const outside = tempDataDir('outside-');
    dirs.push(dir, outside);
    fs.chmodSync(dir, 0o755);
    fs.mkdirSync(path.join(dir, 'objects/private'), { recursive: true, mode: 0o755 });
    fs.writeFileSync(path.join(dir, 'objects/private/original.jpg'), 'x', { mode: 0o644 });
    fs.writeFileSync(path.join(dir, 'signing-secret'), 'x', { mode: 0o666 });
    fs.writeFileSync(path.join(outside, 'theirs'), 'x', { mode: 0o644 });
    fs.symlinkSync(path.join(outside, 'theirs'), path.join(dir, 'link'));
    expect(await makeDataDirPrivate(dir)).toBe(5);
    expect(modeOf(dir)).toBe(0o700);
    expect(modeOf(path.join(dir, 'objects'))).toBe(0o700);
    expect(modeOf(path.join(dir, 'objects/private/original.jpg'))).toBe(0o600);
    expect(modeOf(path.join(dir, 'signing-secret'))).toBe(0o600);
    expect(modeOf(path.join(outside, 'theirs'))).toBe(0o644);
    // Once private, nothing more to do.
    expect(await makeDataDirPrivate(dir)).toBe(0);
  });

  it('a store started on an open DATA_DIR makes it private, and what it and the admin command line write after', async () => {
    const dataDir = tempDataDir('private-store-');
    dirs.push(dataDir);
    fs.chmodSync(dataDir, 0o755);
    fs.mkdirSync(path.join(dataDir, 'objects'), { mode: 0o755 });
    fs.writeFileSync(path.join(dataDir, 'objects/left-by-an-older-release.jpg'), 'x', { mode: 0o644 });
    const env = { DATA_DIR: dataDir, DIST_DIR: fakeDist(), DEMO_DATA: 'auto' };
    store = await startStoreProcess(env);
    expect(modeOf(dataDir)).toBe(0o700);
    expect(store.output()).toMatch(/DATA_DIR: made \d+ files and folders readable by the store's user only/);
    expect(store.output().match(/DATA_DIR: made/g)).toHaveLength(1);
    // The demo data the store wrote (its database, covers, photos, the signing secret): private, but for the few
    // files PGlite makes anew as it runs (0666 whatever the umask), inside folders closed to others.
    const written = everything(dataDir);
    expect(written.length).toBeGreaterThan(20);
    const outsideDatabase = written.filter(
      (file) => !file.startsWith(path.join(dataDir, 'pglite', path.sep)),
    );
    expect(open(outsideDatabase)).toEqual([]);
    expect(open(written).length).toBeLessThan(10);
    expect(open(written.filter((file) => fs.lstatSync(file).isDirectory()))).toEqual([]);
    // An admin command beside the running store writes through it; a file it makes itself is private too.
    const backup = path.join(tempDataDir('private-backup-'), 'store.tar');
    dirs.push(path.dirname(backup));
    const made = await runNode('server/cli/main.ts', ['backup', backup], { DATA_DIR: dataDir }, 120_000);
    expect(made.code, made.stderr).toBe(0);
    expect(modeOf(backup)).toBe(0o600);
    await store.stop();
    store = undefined;
    // The next start makes private what PGlite left 0666 meanwhile.
    store = await startStoreProcess(env);
    const openAfter = open(everything(dataDir));
    expect(openAfter.length).toBeLessThan(10);
    expect(openAfter.every((file) => file.startsWith(path.join(dataDir, 'pglite', path.sep)))).toBe(true);
  }, 240_000);
});
