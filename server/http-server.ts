// The store's HTTP server: the app on @hono/node-server, with one rule of our own for bodies left unread.
//
// An answer given before a request's body was read (413 on a body too large, 429, 404) must reach the client. If
// the server closes the connection while the client is still sending, the client's next write fails (EPIPE, a
// reset) and a browser reports a network error instead of the answer: the page cannot say "file too large".
// @hono/node-server's own clean-up closes such a connection 500 ms after the answer. Instead, the rest
// of the body is read and dropped, never kept, up to a bound of bytes and time; then the connection goes on as
// any kept-alive one (Node's parser knows where the body ends). Beyond the bound, the connection is closed.

import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { log } from './ops/log';

/** Most bytes of an unread body read and dropped after the answer (a phone's selfie is at most 15 MB). */
export const UNREAD_BODY_MOST_BYTES = 64 * 1024 * 1024;
/** Longest the rest of an unread body is waited for after the answer (a slow phone's upload). */
export const UNREAD_BODY_MOST_MS = 30_000;
/** How often a draining request is looked at. */
const DRAIN_CHECK_MS = 250;

export interface HttpOptions {
  fetch: Parameters<typeof serve>[0]['fetch'];
  port: number;
  hostname?: string;
}

export function serveHttp(options: HttpOptions, onListening?: (info: AddressInfo) => void): Server {
  const server = serve(
    { fetch: options.fetch, port: options.port, hostname: options.hostname, autoCleanupIncoming: false },
    onListening,
  ) as Server;
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    res.once('finish', () => {
      if (req.complete) return;
      // Never throws out of this listener: an error here would end the process.
      try {
        readRestOfBody(req);
      } catch (error) {
        log.warn('http: the rest of a body could not be read', { err: error });
        req.socket?.destroy();
      }
    });
  });
  return server;
}

/**
 * Reads the rest of a request's body and drops it, after its answer was sent: the connection is closed only when
 * more than UNREAD_BODY_MOST_BYTES would come (declared, or seen) or the body takes longer than UNREAD_BODY_MOST_MS.
 */
export function readRestOfBody(req: IncomingMessage): void {
  // The client may be gone already: the request then has no socket any more.
  const socket = req.socket as IncomingMessage['socket'] | null;
  if (!socket || socket.destroyed) return;
  const declared = Number(req.headers['content-length']);
  const startedAt = Date.now();
  const readBefore = socket.bytesRead;
  // A declared length beyond the bound: waiting for it helps no one.
  if (Number.isFinite(declared) && declared > UNREAD_BODY_MOST_BYTES) {
    socket.destroy();
    return;
  }
  const close = () => {
    clearInterval(timer);
    socket.destroy();
  };
  const timer = setInterval(() => {
    if (req.complete || socket.destroyed) return clearInterval(timer);
    if (
      socket.bytesRead - readBefore > UNREAD_BODY_MOST_BYTES ||
      Date.now() - startedAt > UNREAD_BODY_MOST_MS
    )
      close();
  }, DRAIN_CHECK_MS);
  timer.unref();
  req.once('end', () => clearInterval(timer));
  req.once('close', () => clearInterval(timer));
  // Whoever read part of it (a web stream over it, paused by its back-pressure) is done with it: nothing is kept.
  req.removeAllListeners('data');
  req.resume();
}
