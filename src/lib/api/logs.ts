// POST /v1/logs/ (SPEC §7): usage logs, fire-and-forget. A log never blocks a page nor shows an error.
import type * as v from 'valibot';
import { type logRequestSchema, logsPath } from '../../../core/contract/logs';
import { API_BASE } from './client';

export type LogEntry = v.InferInput<typeof logRequestSchema>;

/** Sends one log entry and forgets it (keepalive: it survives leaving the page). */
export function sendLog(entry: LogEntry): void {
  try {
    void fetch(`${API_BASE}${logsPath}/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(entry),
      keepalive: true,
    }).catch(() => undefined);
  } catch {
    // No fetch (very old browser): nothing to log with.
  }
}
