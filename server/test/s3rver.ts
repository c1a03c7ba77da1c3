// An S3-compatible server for tests (@20minutes/s3rver): real HTTP, real signature checks (its one account is
// S3RVER/S3RVER; any other key pair is refused), objects in a folder of the test's own. Tests only.
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

// s3rver ships no types; this is the part of it the tests use.
interface S3rverServer {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
  /** The node:http server, once running. */
  httpServer?: { closeAllConnections(): void };
}
type S3rverClass = new (options: {
  address: string;
  port: number;
  silent: boolean;
  directory: string;
  configureBuckets: { name: string; configs: string[] }[];
}) => S3rverServer;
const S3rver = createRequire(import.meta.url)('@20minutes/s3rver') as S3rverClass;

/** The account s3rver accepts. */
export const S3RVER_KEYS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

/**
 * What a bucket serving the PWA needs from another origin (README, at scale): reads of images and originals (a
 * zip is built from fetched originals) and the selfie's presigned PUT; a photographer's upload in parts reads each
 * part's ETag.
 */
export const BROWSER_CORS = `<CORSConfiguration><CORSRule><AllowedOrigin>*</AllowedOrigin>
<AllowedMethod>GET</AllowedMethod><AllowedMethod>HEAD</AllowedMethod><AllowedMethod>PUT</AllowedMethod>
<AllowedHeader>*</AllowedHeader><ExposeHeader>ETag</ExposeHeader><MaxAgeSeconds>3000</MaxAgeSeconds></CORSRule></CORSConfiguration>`;

export interface RunningS3 {
  /** http://127.0.0.1:{port} */
  endpoint: string;
  close(): Promise<void>;
}

/** Starts s3rver on a free loopback port with `bucket` (and its CORS rules, when given). */
export async function startS3rver(bucket: string, cors?: string): Promise<RunningS3> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 's3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: cors ? [cors] : [] }],
  });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    /** Stops at once: a connection kept alive by a client (Chromium, the SDK's agent) would hold close() open. */
    async close() {
      const closing = server.close();
      server.httpServer?.closeAllConnections();
      await closing;
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}
