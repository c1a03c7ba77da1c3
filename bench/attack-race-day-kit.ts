// What the race-day attack checks (bench:attack) are given: the running store, a request "through the
// proxy" from a client of its own, and the check to report.
import type { BenchStore } from './bench-kit';

export interface RaceDayKit {
  /** The store (npm start's entry) on loopback, TRUST_PROXY=1, the sandbox gateway, FACE_WORKERS=0, demo data. */
  store: BenchStore;
  /** The store's environment as started (DATA_DIR among them); a check that needs other settings starts its own. */
  env: Record<string, string>;
  /** A request "through the proxy", from its own client unless `from` says otherwise (an X-Forwarded-For). */
  call: (url: string, init?: RequestInit & { json?: unknown; from?: string }) => Promise<Response>;
  check: (name: string, ok: boolean, detail: unknown) => void;
  /** A folder of its own for the check's files (removed at the end). */
  dir: string;
}
