// The disk fills while the store runs (a small tmpfs under its objects, another for the backups). An
// import, a runner's selfie upload and a backup each fail with a clear message and keep nothing half written; the
// store goes on answering reads; /readyz says the disk is full; once room is made, all of it works again.
// Mounting needs root (as CI runs): elsewhere this suite says so and is skipped.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CONSENT } from '../test/consent';
import {
  EVENT_FLAGS,
  fakeDist,
  runNode,
  type StoreProcess,
  startStoreProcess,
  tempDataDir,
} from '../test/processes';

const ADMIN = 'server/cli/main.ts';
const FACES = path.resolve('../shared/faces');

function canMount(): boolean {
  if (process.getuid?.() !== 0) return false;
  const probe = tempDataDir('mount-probe-');
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', probe], { stdio: 'ignore' });
    execFileSync('umount', [probe], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  } finally {
    fs.rmSync(probe, { recursive: true, force: true });
  }
}

const mountable = canMount();
if (!mountable) console.warn('disk-full.test.ts skipped: mounting a tmpfs needs root (CI runs it)');

/** Every file under a folder (relative names). */
function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}

/** Fills the disk of `dir` to the last byte; the filler files' names. */
function fill(dir: string): string[] {
  const names: string[] = [];
  for (const size of [1024 * 1024, 64 * 1024, 4096, 512, 1]) {
    for (;;) {
      const name = path.join(dir, `filler-${names.length}`);
      try {
        fs.writeFileSync(name, Buffer.alloc(size, 1));
        names.push(name);
      } catch (error) {
        fs.rmSync(name, { force: true });
        if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
        break;
      }
    }
  }
  return names;
}

describe.skipIf(!mountable)('a full disk', () => {
  const dataDir = tempDataDir();
  const objects = path.join(dataDir, 'objects');
  const archives = tempDataDir('archives-');
  const env = { DATA_DIR: dataDir, DIST_DIR: fakeDist() };
  let store: StoreProcess;

  beforeAll(async () => {
    fs.mkdirSync(objects);
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=96m', 'tmpfs', objects]);
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', archives]);
    store = await startStoreProcess(env, 120_000);
    const created = await runNode(ADMIN, ['create-event', 'full-disk-run', ...EVENT_FLAGS], env);
    expect(created.code, created.stderr).toBe(0);
    const imported = await runNode(ADMIN, ['import-photos', 'full-disk-run', path.join(FACES, 'penny')], env);
    expect(imported.stdout).toMatch(/imported 5 of 5 files/);
  }, 180_000);

  afterAll(async () => {
    await store?.stop();
    for (const dir of [objects, archives]) execFileSync('umount', ['-l', dir], { stdio: 'ignore' });
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(archives, { recursive: true, force: true });
  }, 60_000);

  const readiness = async () => {
    // The checks are run at most every 2 s.
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const res = await fetch(`${store.base}/readyz`);
    return {
      status: res.status,
      body: (await res.json()) as { checks: Record<string, { ok: boolean; reason?: string }> },
    };
  };

  it('says so, keeps nothing half written, answers reads, and recovers once there is room', async () => {
    expect((await readiness()).status).toBe(200);
    const before = filesUnder(objects);
    const fillers = fill(objects);

    // An import: each photo refused with the reason, nothing of it kept.
    const importing = await runNode(
      ADMIN,
      ['import-photos', 'full-disk-run', path.join(FACES, 'leonard')],
      env,
    );
    expect(importing.stderr).toContain(
      'the disk is full: the photo was not imported, and nothing of it was kept',
    );
    expect(importing.stdout).toMatch(/imported 0 of \d+ files/);

    // A runner's selfie: the upload answered 507 with words for the page, nothing kept.
    const signed = (await (
      await fetch(`${store.base}/api/v2/facesearch/sign`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          event_key: 'full-disk-run',
          file_name: 'me.jpg',
          file_type: 'image/jpeg',
          consent: TEST_CONSENT,
        }),
      })
    ).json()) as { url: string };
    const upload = await fetch(new URL(signed.url, store.base), {
      method: 'PUT',
      // The type the upload was signed for (SPEC §7: a JPEG selfie goes up as image/jpg).
      headers: { 'content-type': 'image/jpg' },
      body: fs.readFileSync(path.join(FACES, 'amy', '1.jpg')),
    });
    expect(upload.status).toBe(507);
    expect(await upload.json()).toMatchObject({ code: 'disk-full', message_th: expect.any(String) });
    expect(filesUnder(objects).filter((f) => !f.startsWith('filler-'))).toEqual(before);

    // A backup onto a disk with no room: said, and no part of it left.
    const backup = await runNode(ADMIN, ['backup', path.join(archives, 'store.tar')], env, 120_000);
    expect(backup.code).toBe(1);
    expect(backup.stderr).toContain(
      'the disk is full: the backup was not written, and nothing of it was kept',
    );
    expect(fs.readdirSync(archives)).toEqual([]);

    // Reads go on; /readyz says why the store cannot take writes.
    expect((await fetch(`${store.base}/api/v1/events/full-disk-run`)).status).toBe(200);
    expect((await fetch(`${store.base}/healthz`)).status).toBe(200);
    const full = await readiness();
    expect(full.status).toBe(503);
    expect(full.body.checks.storage).toEqual({
      ok: false,
      reason: 'the object store cannot write: the disk is full',
    });
    expect(full.body.checks.disk?.ok).toBe(false);

    // Room again: ready, and the import goes through.
    for (const name of fillers) fs.rmSync(name);
    expect((await readiness()).status).toBe(200);
    const again = await runNode(ADMIN, ['import-photos', 'full-disk-run', path.join(FACES, 'leonard')], env);
    expect(again.stdout).toMatch(/imported (\d+) of \1 files/);
  }, 300_000);
});
