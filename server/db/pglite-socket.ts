// Owns the embedded database's door for other processes: the running store serves its PGlite over a Unix socket in
// DATA_DIR, speaking the PostgreSQL wire protocol, so the admin command line and `npm run worker` use the very
// database the store uses (never a second copy of its files).
//
// PGlite has one session. Each connection takes the session (the SessionLock the store's own queries also take) for
// one exchange: a simple Query, or extended-protocol messages up to their Sync; it keeps it while its transaction
// is open, so no statement of anyone else lands inside. A connection that keeps a transaction open without a word
// for HOLD_TIMEOUT_MS is closed and its transaction rolled back, so a stuck client cannot stop the store. While
// anyone else waits for the session (a client that sends a query and never finishes the exchange would otherwise hold
// every API call for 30 s), the bounds are what a real client needs: an exchange must end (its Sync) within
// EXCHANGE_WHILE_WAITED_MS and a transaction within HELD_WHILE_WAITED_MS, or the connection is closed. The store's
// own queries go before waiting clients (session-lock.ts).

import fs from 'node:fs/promises';
import net from 'node:net';
import type { PGlite } from '@electric-sql/pglite';
import { log } from '../ops/log';
import type { Release, SessionLock } from './session-lock';

const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;
const PROTOCOL_3 = 196608;
const MAX_MESSAGE_BYTES = 256 * 1024 * 1024;
const SYNC = Uint8Array.of(0x53, 0, 0, 0, 4);

/** Message types after which a connection may hand the session on (if no transaction is open). */
const EXCHANGE_ENDS = new Set(['Q', 'S', 'c', 'f']);

export const HOLD_TIMEOUT_MS = 30_000;
/** While others wait: an exchange's messages come back to back (Parse, Bind, Execute, Sync), within this. */
export const EXCHANGE_WHILE_WAITED_MS = 2_000;
/** While others wait: the longest a client's transaction may keep the session (the store's are milliseconds). */
export const HELD_WHILE_WAITED_MS = 5_000;

export interface PgliteSocketOptions {
  /** Close a connection that holds the session this long without a message (default HOLD_TIMEOUT_MS). */
  holdTimeoutMs?: number;
  /** Bounds while others wait (defaults EXCHANGE_WHILE_WAITED_MS, HELD_WHILE_WAITED_MS). */
  exchangeWhileWaitedMs?: number;
  heldWhileWaitedMs?: number;
  maxConnections?: number;
}

export interface PgliteSocketServer {
  readonly path: string;
  connections(): number;
  close(): Promise<void>;
}

type Message = { kind: 'startup' | 'typed'; type: string; bytes: Uint8Array };

/** One client connection: reads whole messages, runs them in order while holding the session. */
class SocketSession {
  private buffer: Buffer = Buffer.alloc(0);
  private started = false;
  private chain: Promise<void> = Promise.resolve();
  private release: Release | undefined;
  private holdTimer: NodeJS.Timeout | undefined;
  /** Set while the session is held and someone else waits: the bound of this hold. */
  private waitedTimer: NodeJS.Timeout | undefined;
  /** When this hold first had someone waiting (performance.now()), or undefined. */
  private waitedSince: number | undefined;
  /** Whether the message that ran last left an exchange unfinished (no Sync yet). */
  private midExchange = false;
  private stopWatching: (() => void) | undefined;
  private closed = false;

  constructor(
    private readonly socket: net.Socket,
    private readonly pglite: PGlite,
    private readonly lock: SessionLock,
    private readonly holdTimeoutMs: number,
    private readonly bounds: { exchange: number; held: number },
    private readonly onEnd: () => void,
  ) {
    socket.setNoDelay(true);
    socket.on('data', (data) => this.receive(data));
    socket.on('error', () => this.end());
    socket.on('close', () => this.end());
  }

  private receive(data: Buffer): void {
    this.buffer = this.buffer.length ? Buffer.concat([this.buffer, data]) : data;
    for (;;) {
      const message = this.nextMessage();
      if (!message) return;
      this.chain = this.chain.then(() => this.run(message));
    }
  }

  /** Cuts the next whole message off the buffer; answers SSL and GSS requests itself (not offered). */
  private nextMessage(): Message | undefined {
    if (this.closed) return undefined;
    if (!this.started) {
      if (this.buffer.length < 8) return undefined;
      const length = this.buffer.readInt32BE(0);
      const code = this.buffer.readInt32BE(4);
      if (length < 8 || length > 10_000) return this.refuse();
      if (this.buffer.length < length) return undefined;
      const bytes = this.take(length);
      if (code === SSL_REQUEST || code === GSSENC_REQUEST) {
        this.socket.write('N');
        return this.nextMessage();
      }
      if (code === CANCEL_REQUEST || code !== PROTOCOL_3) return this.refuse();
      this.started = true;
      return { kind: 'startup', type: '', bytes };
    }
    if (this.buffer.length < 5) return undefined;
    const length = this.buffer.readInt32BE(1);
    if (length < 4 || length > MAX_MESSAGE_BYTES) return this.refuse();
    if (this.buffer.length < length + 1) return undefined;
    const type = String.fromCharCode(this.buffer[0] as number);
    return { kind: 'typed', type, bytes: this.take(length + 1) };
  }

  private take(n: number): Uint8Array {
    const bytes = new Uint8Array(this.buffer.subarray(0, n));
    this.buffer = this.buffer.subarray(n);
    return bytes;
  }

  private refuse(): undefined {
    this.socket.destroy();
    return undefined;
  }

  private async run(message: Message): Promise<void> {
    if (this.closed) return;
    if (message.type === 'X') {
      this.socket.end();
      return;
    }
    clearTimeout(this.holdTimer);
    clearTimeout(this.waitedTimer);
    this.waitedTimer = undefined;
    if (!this.release) {
      const release = await this.lock.acquire('client');
      if (this.closed) {
        release();
        return;
      }
      this.release = release;
    }
    try {
      await this.pglite.runExclusive(() =>
        this.pglite.execProtocolRawStream(message.bytes, {
          onRawData: (data) => {
            if (!this.socket.destroyed) this.socket.write(data);
          },
        }),
      );
    } catch (error) {
      log.error('database socket: a client message failed', { err: error });
      this.socket.destroy();
      return;
    }
    const exchangeEnded = message.kind === 'startup' || EXCHANGE_ENDS.has(message.type);
    if (exchangeEnded && !this.pglite.isInTransaction()) {
      this.handOn();
    } else {
      this.midExchange = !exchangeEnded;
      this.holdTimer = setTimeout(() => this.socket.destroy(), this.holdTimeoutMs);
      this.holdTimer.unref();
      this.boundWhileWaited();
    }
  }

  /** While the session is held between messages: if anyone waits (now or later), this hold is bounded. */
  private boundWhileWaited(): void {
    const check = () => {
      if (this.waitedTimer || !this.release || this.lock.queued === 0) return;
      const now = performance.now();
      this.waitedSince ??= now;
      // Both bounds count from when the first waiter came during this hold, whatever the client sends meanwhile
      // (a Flush every second must not keep an exchange open): the short one while an exchange is unfinished.
      const bound = this.midExchange ? Math.min(this.bounds.exchange, this.bounds.held) : this.bounds.held;
      const left = Math.max(0, bound - (now - this.waitedSince));
      this.waitedTimer = setTimeout(() => {
        log.warn('database socket: a client held the session while others waited; its connection is closed');
        this.socket.destroy();
      }, left);
      this.waitedTimer.unref();
    };
    this.stopWatching ??= this.lock.onWait(check);
    check();
  }

  private handOn(): void {
    clearTimeout(this.waitedTimer);
    this.waitedTimer = undefined;
    this.waitedSince = undefined;
    this.stopWatching?.();
    this.stopWatching = undefined;
    const release = this.release;
    this.release = undefined;
    release?.();
  }

  /** The client left: whatever it left open in the session is closed before the session is handed on. */
  private end(): void {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.holdTimer);
    clearTimeout(this.waitedTimer);
    this.chain = this.chain
      .then(async () => {
        if (!this.release) return;
        await this.pglite.runExclusive(() => this.pglite.execProtocolRaw(SYNC));
        if (this.pglite.isInTransaction()) await this.pglite.exec('ROLLBACK');
      })
      .catch((error) => log.error('database socket: cleaning up after a client failed', { err: error }))
      .finally(() => {
        this.handOn();
        this.onEnd();
      });
  }

  /** Resolves when this connection's messages have run and its session is handed on. */
  settled(): Promise<void> {
    return this.chain;
  }

  destroy(): void {
    this.socket.destroy();
  }
}

/** Listens on `socketPath` (a stale socket file is replaced; only the owner may connect: mode 0600). */
export async function servePgliteSocket(
  pglite: PGlite,
  lock: SessionLock,
  socketPath: string,
  options: PgliteSocketOptions = {},
): Promise<PgliteSocketServer> {
  const sessions = new Set<SocketSession>();
  const server = net.createServer((socket) => {
    const bounds = {
      exchange: options.exchangeWhileWaitedMs ?? EXCHANGE_WHILE_WAITED_MS,
      held: options.heldWhileWaitedMs ?? HELD_WHILE_WAITED_MS,
    };
    const session = new SocketSession(
      socket,
      pglite,
      lock,
      options.holdTimeoutMs ?? HOLD_TIMEOUT_MS,
      bounds,
      () => sessions.delete(session),
    );
    sessions.add(session);
  });
  server.maxConnections = options.maxConnections ?? 64;
  await fs.rm(socketPath, { force: true });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => {
      server.off('error', reject);
      resolve();
    });
  });
  await fs.chmod(socketPath, 0o600);
  return {
    path: socketPath,
    connections: () => sessions.size,
    async close() {
      const closing = new Promise<void>((resolve) => server.close(() => resolve()));
      const open = [...sessions];
      for (const session of open) session.destroy();
      await Promise.all(open.map((session) => session.settled()));
      await closing;
      await fs.rm(socketPath, { force: true });
    },
  };
}
