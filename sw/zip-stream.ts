// Download-all streamed by the service worker (SPEC §4 Download, §7): the page hands over a job (names and image
// addresses) with a MessagePort, then opens /zip-stream/{id}/{file}.zip; the worker answers that address with the
// zip as it is built (sw/zip-entries.ts), so the browser saves it while the images are fetched one by one and
// memory stays flat however big the order is. Progress and the end go back on the job's port.
import { ZIP_STREAM_PATH, type ZipJob, type ZipReport } from '../core/sw-messages';
import type { ZipEntry } from '../core/zip-entry';
import { zipStream } from './zip-entries';

/** A job not asked for within this time is dropped (the page gave up or the address was never opened). */
export const UNCLAIMED_JOB_MS = 60_000;

interface Pending {
  job: ZipJob;
  port: MessagePort;
  timer: ReturnType<typeof setTimeout>;
}

/** `filename*` (RFC 6266 / 8187) for any name, with a plain ASCII `filename` for old readers. */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16)}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

export interface ZipStreamerDeps {
  fetchImpl?: typeof fetch;
}

/** The worker's zip jobs: accepted from the page, answered once when their address is opened. */
export function zipStreamer(deps: ZipStreamerDeps = {}) {
  const pending = new Map<string, Pending>();
  const report = (port: MessagePort, message: ZipReport) => port.postMessage(message);

  return {
    /** Keeps a job until its address is opened, and says so on its port. */
    accept(job: ZipJob, port: MessagePort): void {
      const earlier = pending.get(job.id);
      if (earlier) clearTimeout(earlier.timer);
      const timer = setTimeout(() => pending.delete(job.id), UNCLAIMED_JOB_MS);
      pending.set(job.id, { job, port, timer });
      report(port, { type: 'accepted' });
    },

    /** Whether an address is a zip job's download address (same origin, GET). */
    matches(url: URL, request: Request, origin: string): boolean {
      return request.method === 'GET' && url.origin === origin && url.pathname.startsWith(ZIP_STREAM_PATH);
    },

    /** The answer to a job's download address: the zip as a stream, or 404 for an unknown or used job. */
    respond(url: URL): Response {
      const id = decodeURIComponent(url.pathname.slice(ZIP_STREAM_PATH.length).split('/')[0] ?? '');
      const found = pending.get(id);
      if (!found)
        return new Response('This download has expired. Start it again from the order page.', notFound);
      pending.delete(id);
      clearTimeout(found.timer);
      const { job, port } = found;
      const entries: ZipEntry[] = job.entries;
      const body = zipStream(entries, {
        fetchImpl: deps.fetchImpl,
        onProgress: (done, total) => report(port, { type: 'progress', done, total }),
        onEnd: (end) => {
          if (end.kind === 'finished') report(port, { type: 'finished' });
          else if (end.kind === 'cancelled') report(port, { type: 'cancelled' });
          else report(port, { type: 'failed', message: String((end.error as Error)?.message ?? end.error) });
          port.close();
        },
      });
      report(port, { type: 'started' });
      return new Response(body, {
        headers: {
          'Content-Type': 'application/zip',
          'Content-Disposition': attachmentDisposition(job.fileName),
          'Cache-Control': 'no-store',
          'X-Content-Type-Options': 'nosniff',
        },
      });
    },

    /** Jobs waiting for their address (for tests). */
    get waiting(): number {
      return pending.size;
    },
  };
}

const notFound: ResponseInit = { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } };
