// A backup of the embedded store made while it runs under load (orders created and paid, photos indexed),
// restored into a new DATA_DIR, a store started on it: every order answered before the backup began is there, paid
// ones paid and still downloadable. A photographer's upload waiting (never said done) is not in it. A restore
// refuses a DATA_DIR that is not empty and a damaged archive (leaving nothing behind); a backup never replaces a file.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import tar from 'tar-stream';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_APP_TOKEN } from '../config';
import { fakeDist, runNode, type StoreProcess, startStoreProcess, tempDataDir } from '../test/processes';
import { stagePhotos } from '../test/stage-photos';

const STAGE = 'phuket-beach-run-2026';
const ADMIN = 'server/cli/main.ts';

describe('backup and restore of the embedded store', () => {
  const dataDir = tempDataDir();
  const restoredDir = path.join(tempDataDir(), 'restored');
  const archives = tempDataDir('backups-');
  const dist = fakeDist();
  const env = (dir: string): Record<string, string> => ({
    DATA_DIR: dir,
    DIST_DIR: dist,
    DEMO_DATA: 'auto',
    FACE_WORKERS: '1',
    SELFIE_WORKERS: '0',
    TRUST_PROXY: '1',
  });
  const stores: StoreProcess[] = [];

  afterAll(async () => {
    for (const store of stores) await store.stop();
    for (const dir of [dataDir, path.dirname(restoredDir), archives])
      fs.rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  const post = (base: string, url: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${base}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });

  const createOrder = async (base: string, photos: { id: number }[], n: number) => {
    const res = await post(
      base,
      '/api/v1/order/create',
      {
        mobile: `08${String(30_000_000 + n).slice(-8)}`,
        event_key: STAGE,
        amount: '126.00',
        imageList: photos,
        payment_channel: 'PP',
      },
      { 'x-forwarded-for': `10.39.${n >> 8}.${n & 255}` },
    );
    if (!res.ok) throw new Error(`order ${n}: HTTP ${res.status}`);
    return ((await res.json()) as { uuid: string }).uuid;
  };

  const pay = async (base: string, uuid: string) =>
    (
      await (
        await fetch(`${base}/api/sandbox/pay/${uuid}`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: 'action=pay',
        })
      ).text()
    ).includes('Paid 126.00 THB');

  const inquiry = async (base: string, uuid: string) =>
    (await (await post(base, '/api/v1/order/inquiry', { tk: DEMO_APP_TOKEN, order_uuid: uuid })).json()) as {
      status: string;
      payment_status?: string;
      /** JSON text of the paid images (SPEC §3). */
      images_paid?: string | null;
    };

  /** The names of an archive's entries. */
  const entriesOf = async (file: string): Promise<string[]> => {
    const names: string[] = [];
    const extract = tar.extract();
    const reading = pipeline(fs.createReadStream(file), extract);
    for await (const entry of extract) {
      names.push(entry.header.name);
      entry.resume();
    }
    await reading;
    return names;
  };

  /** A photographer's upload PUT to the store and never said done; answers where it waits on the disk. */
  const pendingUpload = async (base: string, dir: string): Promise<string> => {
    const made = await runNode(ADMIN, ['photographer-link', STAGE, '--photographer', '9'], env(dir));
    expect(made.code, made.stderr).toBe(0);
    const secret = made.stdout.match(/\/upload\/([A-Za-z0-9_-]{32})/)?.[1] as string;
    const bytes = Buffer.alloc(4096, 7);
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const signed = (await (
      await post(base, `/api/v1/uploads/${secret}/sign`, {
        file_name: 'PENDING.JPG',
        file_type: 'image/jpeg',
        size: bytes.length,
        sha256,
      })
    ).json()) as { url: string };
    const put = await fetch(new URL(signed.url, base), {
      method: 'PUT',
      headers: { 'content-type': 'image/jpeg' },
      body: bytes,
    });
    expect(put.status).toBe(200);
    const file = path.join(dir, 'objects', 'private', 'uploads', STAGE, sha256);
    expect(fs.existsSync(file)).toBe(true);
    return file;
  };

  it('restores a backup made under load, with every order answered before it', async () => {
    const first = await startStoreProcess(env(dataDir), 180_000);
    stores.push(first);
    const photos = await stagePhotos(first.base, STAGE, 2);

    // Orders answered before the backup begins; every other one paid.
    const before: { uuid: string; paid: boolean }[] = [];
    for (let i = 0; i < 8; i++) {
      const uuid = await createOrder(first.base, photos, i);
      const paid = i % 2 === 0 && (await pay(first.base, uuid));
      before.push({ uuid, paid });
    }
    expect(before.filter((o) => o.paid)).toHaveLength(4);

    // Load while the backup is made: orders created and paid, and the demo's photos being indexed.
    let loading = true;
    let n = 100;
    const load = (async () => {
      while (loading) {
        const uuid = await createOrder(first.base, photos, n++);
        if (n % 2 === 0) await pay(first.base, uuid);
      }
    })();
    // A photographer's upload waits, never said done.
    const pending = await pendingUpload(first.base, dataDir);
    const file = path.join(archives, 'store.tar');
    const backup = await runNode(ADMIN, ['backup', file], env(dataDir), 300_000);
    loading = false;
    await load;
    expect(backup.stderr).toContain('the store is writing the backup');
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stdout).toMatch(
      /^backup written: .*store\.tar \([\d.]+ MB\): 6 events, 120 photos, \d+ faces, \d+ orders, \d+ payments; \d+ objects/m,
    );
    expect(n).toBeGreaterThan(100);
    // The upload waiting is not in it (it is still in the store, for the purge to remove if never said done).
    const entries = await entriesOf(file);
    expect(entries.filter((name) => name.startsWith('objects/'))).not.toEqual([]);
    expect(entries.filter((name) => name.startsWith('objects/private/uploads/'))).toEqual([]);
    expect(fs.existsSync(pending)).toBe(true);
    // Nothing half written beside it; and a second backup never replaces it.
    expect(fs.readdirSync(archives)).toEqual(['store.tar']);
    const again = await runNode(ADMIN, ['backup', file], env(dataDir));
    expect([again.code, again.stderr]).toEqual([1, expect.stringContaining('exists already')]);
    await first.stop();

    // Restored into a new DATA_DIR, checked.
    const restored = await runNode(ADMIN, ['restore', file], env(restoredDir), 300_000);
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stdout).toMatch(
      /restored into .*: 6 events, 120 photos, \d+ faces, \d+ orders, \d+ payments; \d+ objects \([\d.]+ MB\), every checksum verified/,
    );
    // Never over a store: the same DATA_DIR again is refused, and nothing changes.
    const over = await runNode(ADMIN, ['restore', file], env(restoredDir));
    expect([over.code, over.stderr]).toEqual([1, expect.stringContaining('is not empty')]);

    const second = await startStoreProcess(env(restoredDir), 180_000);
    stores.push(second);
    for (const order of before) {
      const answer = await inquiry(second.base, order.uuid);
      expect(answer.status).toBe('success');
      expect(answer.payment_status).toBe(order.paid ? 'PAID' : 'INITIAL');
      if (!order.paid) continue;
      // Still downloadable: the original, through the restored signing secret.
      const image = (JSON.parse(answer.images_paid ?? '[]') as { image: string }[])[0]?.image;
      expect(image).toBeTruthy();
      const res = await fetch(new URL(image as string, second.base));
      expect(res.status).toBe(200);
      const bytes = new Uint8Array(await res.arrayBuffer());
      expect([bytes[0], bytes[1]]).toEqual([0xff, 0xd8]);
    }
  }, 900_000);

  it('refuses a damaged archive and leaves the DATA_DIR empty', async () => {
    const file = path.join(archives, 'store.tar');
    // A byte in the middle of the archive changed (inside an object, or a tar header), and the first entry's header
    // checksum (offset 148) changed.
    for (const [name, at] of [
      ['middle', Math.floor(fs.statSync(file).size / 2)],
      ['header', 148],
    ] as const) {
      const damaged = path.join(archives, `damaged-${name}.tar`);
      const bytes = fs.readFileSync(file);
      bytes[at] = (bytes[at] ?? 0) ^ 0xff;
      fs.writeFileSync(damaged, bytes);
      const target = path.join(path.dirname(restoredDir), `damaged-${name}`);
      const run = await runNode(ADMIN, ['restore', damaged], env(target), 300_000);
      expect(run.code, run.stderr).toBe(1);
      expect(run.stderr).toMatch(/nothing was restored: .*(checksum|damaged)/);
      expect(fs.readdirSync(target)).toEqual([]);
    }
  }, 300_000);
});
