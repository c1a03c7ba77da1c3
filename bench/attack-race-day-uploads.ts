// The race-day attack checks of photographers' upload links (bench:attack), against the running store
// (the disk store behind /storage): a link made with the admin command line beside the store prints the store's own
// address; an address signed for 1 byte takes no 60 MiB (declared, or sent chunked with no length); an address
// signed before its link was revoked takes nothing. Each says how many bytes the store kept. (The purge of uploads
// never said done and their absence from backups are covered by server/jobs/purge-uploads.test.ts and
// server/ops/backup-restore.test.ts.)
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { runNode } from '../server/test/processes';
import type { RaceDayKit } from './attack-race-day-kit';

const STAGE = 'phuket-beach-run-2026';
const MIB = 1024 * 1024;

/** A body of `bytes` bytes sent in 1 MiB chunks with no Content-Length (Transfer-Encoding: chunked). */
function chunkedBody(bytes: number): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= bytes) return controller.close();
      const size = Math.min(MIB, bytes - sent);
      sent += size;
      controller.enqueue(new Uint8Array(size).fill(0x41));
    },
  });
}

export async function uploadChecks(kit: RaceDayKit): Promise<void> {
  const admin = async (...args: string[]) => {
    const run = await runNode('server/cli/main.ts', args, kit.env, 120_000);
    if (run.code !== 0) throw new Error(`admin ${args.join(' ')}: ${run.stderr}`);
    return run.stdout;
  };
  const storePort = new URL(kit.store.base).port;

  // The link, printed by the command line beside the store (which runs on a port of the bench's choosing).
  const made = await admin('photographer-link', STAGE, '--photographer', '31');
  const printed = /^(https?:\/\/[^/\s]+)\/upload\/([A-Za-z0-9_-]{32})$/m.exec(made);
  const linkId = /^upload link (\d+) /m.exec(made)?.[1];
  const secret = printed?.[2] as string;
  const printedPort = printed ? new URL(printed[1] as string).port : undefined;
  kit.check(
    "photographer-link prints the store's own address (PUBLIC_BASE_URL, else its port)",
    printedPort === storePort,
    {
      printed: printed?.[1],
      store: kit.store.base,
    },
  );
  if (!secret || !linkId) throw new Error(`no link in: ${made}`);

  const uploadsDir = path.join(kit.env.DATA_DIR as string, 'objects', 'private', 'uploads', STAGE);
  const kept = (sha256: string) => {
    const file = path.join(uploadsDir, sha256);
    return fs.existsSync(file) ? fs.statSync(file).size : 0;
  };
  /** Whatever is under the event's uploads folder, temporary files too (bytes). */
  const folderBytes = () =>
    fs.existsSync(uploadsDir)
      ? fs.readdirSync(uploadsDir).reduce((n, name) => n + fs.statSync(path.join(uploadsDir, name)).size, 0)
      : 0;
  const sign = async (size: number, sha256: string) => {
    const res = await kit.call(`/api/v1/uploads/${secret}/sign`, {
      method: 'POST',
      json: { file_name: 'BIG.JPG', file_type: 'image/jpeg', size, sha256 },
    });
    const body = (await res.json()) as { url?: string };
    if (!body.url) throw new Error(`sign: HTTP ${res.status} ${JSON.stringify(body)}`);
    return new URL(body.url, kit.store.base);
  };
  const put = async (url: URL, body: BodyInit) => {
    const res = await fetch(url, {
      method: 'PUT',
      headers: { 'content-type': 'image/jpeg' },
      body,
      ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
    } as RequestInit);
    const answer = (await res.json().catch(() => ({}))) as { code?: string; message_th?: string };
    return { status: res.status, code: answer.code, thai: Boolean(answer.message_th) };
  };

  // Signed as 1 byte: 60 MiB with its length declared, then 60 MiB chunked.
  const big = new Uint8Array(60 * MIB).fill(0x42);
  const bigSha = createHash('sha256').update(big).digest('hex');
  const before = folderBytes();
  const declared = await put(await sign(1, bigSha), big);
  const declaredKept = kept(bigSha);
  const chunked = await put(await sign(1, bigSha), chunkedBody(60 * MIB));
  const chunkedKept = kept(bigSha);
  kit.check(
    'a PUT of another size than signed is refused (signed 1 byte, sent 60 MiB), nothing kept',
    declared.status === 413 &&
      chunked.status === 413 &&
      declared.code === 'size-mismatch' &&
      declared.thai &&
      declaredKept === 0 &&
      chunkedKept === 0 &&
      folderBytes() === before,
    {
      before: 'signed as 1 byte, accepted 60 MiB',
      declared: { ...declared, keptBytes: declaredKept },
      chunked: { ...chunked, keptBytes: chunkedKept },
      folderBytes: { before, after: folderBytes() },
    },
  );

  // Signed while the link worked, PUT after it was revoked.
  const file = new Uint8Array(2 * MIB).fill(0x43);
  const fileSha = createHash('sha256').update(file).digest('hex');
  const url = await sign(file.length, fileSha);
  await admin('revoke-photographer-link', linkId);
  const afterRevoke = await put(url, file);
  kit.check(
    'a PUT to an address signed before its link was revoked is 403, nothing kept',
    afterRevoke.status === 403 &&
      afterRevoke.code === 'upload-link-invalid' &&
      afterRevoke.thai &&
      kept(fileSha) === 0,
    { before: 'took 50 MB after the revoke', after: { ...afterRevoke, keptBytes: kept(fileSha) } },
  );
}
