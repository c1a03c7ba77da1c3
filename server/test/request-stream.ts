// A steady stream of requests to a store, as a load balancer in front of it sends them, for the tests (and the bench)
// of a stop: a new connection every so often, and clients that keep their connection alive and send their next
// request shortly after each answer. Every request's moment, answer or error (a reset, a refused connection) is kept.
import http from 'node:http';

export interface StreamRequest {
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  headers?: Record<string, string>;
}

export interface StreamedRequest {
  /** When it was sent (Date.now()). */
  at: number;
  /** On a connection of its own, or from a client keeping its connection alive. */
  kind: 'new' | 'kept';
  /** Sent on a connection an earlier request of its client had used. */
  reused: boolean;
  status?: number;
  /** The answer said Connection: close. */
  closes?: boolean;
  /** What failed instead of an answer: ECONNRESET, ECONNREFUSED, "socket hang up", "timeout"… */
  error?: string;
}

export interface StreamOptions {
  /** A request on a new connection this often (ms). */
  newEveryMs: number;
  /** Clients keeping their connection alive, each sending its next request `keptPauseMs` after its last answer. */
  keptClients: number;
  keptPauseMs: number;
  /** The `i`th request of the stream. */
  request: (i: number, kind: StreamedRequest['kind']) => StreamRequest;
  /** A request with no answer in this long counts as failed (default 30 s). */
  timeoutMs?: number;
}

export interface RequestStream {
  /** Sends no more; resolves, once every request sent has its answer or error, with all of them. */
  stop(): Promise<StreamedRequest[]>;
}

/** The requests sent in [from, to) that got no answer. */
export const failedBetween = (requests: StreamedRequest[], from: number, to: number) =>
  requests.filter((r) => r.at >= from && r.at < to && r.error !== undefined);

function send(
  base: URL,
  what: StreamRequest,
  kind: StreamedRequest['kind'],
  agent: http.Agent | false,
  timeoutMs: number,
): Promise<StreamedRequest> {
  const at = Date.now();
  return new Promise((resolve) => {
    let settled = false;
    const done = (outcome: Omit<StreamedRequest, 'at' | 'kind' | 'reused'>) => {
      if (settled) return;
      settled = true;
      resolve({ at, kind, reused: request.reusedSocket, ...outcome });
    };
    const request = http.request(
      new URL(what.path, base),
      {
        method: what.method,
        agent,
        headers: {
          ...(agent === false ? { connection: 'close' } : {}),
          ...(what.body !== undefined
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(what.body) }
            : {}),
          ...what.headers,
        },
      },
      (response) => {
        response.resume();
        response.on('end', () =>
          done({
            status: response.statusCode ?? 0,
            closes: /close/i.test(response.headers.connection ?? ''),
          }),
        );
        response.on('error', (error: NodeJS.ErrnoException) => done({ error: error.code ?? error.message }));
      },
    );
    request.on('error', (error: NodeJS.ErrnoException) => done({ error: error.code ?? error.message }));
    request.setTimeout(timeoutMs, () => {
      done({ error: 'timeout' });
      request.destroy();
    });
    request.end(what.body);
  });
}

/** Starts the stream at `base` ("http://127.0.0.1:8080"). */
export function streamRequests(base: string, options: StreamOptions): RequestStream {
  const url = new URL(base);
  const timeoutMs = options.timeoutMs ?? 30_000;
  const pending: Promise<StreamedRequest>[] = [];
  let count = 0;
  let stopped = false;
  const next = (kind: StreamedRequest['kind'], agent: http.Agent | false) => {
    const sent = send(url, options.request(count++, kind), kind, agent, timeoutMs);
    pending.push(sent);
    return sent;
  };
  const timer = setInterval(() => void next('new', false), options.newEveryMs);
  const agents = Array.from(
    { length: options.keptClients },
    () => new http.Agent({ keepAlive: true, maxSockets: 1 }),
  );
  const clients = agents.map(async (agent) => {
    while (!stopped) {
      await next('kept', agent);
      await new Promise((resolve) => setTimeout(resolve, options.keptPauseMs));
    }
  });
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await Promise.all(clients);
      const all = await Promise.all(pending);
      for (const agent of agents) agent.destroy();
      return all.sort((a, b) => a.at - b.at);
    },
  };
}

/** A GET through a real socket with the Host header given (as an attacker, or a cache in front, sends it). */
export function getWithHost(
  base: string,
  pathname: string,
  host: string,
): Promise<{ status: number; text: string }> {
  const url = new URL(pathname, base);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: `${url.pathname}${url.search}`,
        agent: false,
        headers: { host, 'user-agent': 'facebookexternalhit/1.1' },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => {
          text += chunk;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
      },
    );
    request.on('error', reject);
    request.setTimeout(30_000, () => request.destroy(new Error(`${pathname}: no answer in 30 s`)));
    request.end();
  });
}
