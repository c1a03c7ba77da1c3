// Owns audit_log: who read or changed personal data, when, and how many records. Append-only: the table's trigger
// refuses UPDATE, DELETE and TRUNCATE (migration 0015), so nothing here or in the admin commands can erase it.
import os from 'node:os';
import type { Db } from './database';

export interface AuditEntry {
  /** "admin:<OS user>" for a command, "job:<kind>" for a job, "store:<what>" for a runner's own request. */
  actor: string;
  /** What was done, as a short verb phrase: "start-list import", "orders by phone", "privacy export". */
  action: string;
  /** What it was done to: an event's key, a removal's id, a masked contact ('' when none). */
  subject?: string;
  records?: number;
}

export async function writeAudit(db: Db, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      actor: entry.actor,
      action: entry.action,
      subject: entry.subject ?? '',
      records: Math.max(0, Math.trunc(entry.records ?? 0)),
    })
    .execute();
}

export interface AuditRow {
  id: number;
  at: Date;
  actor: string;
  action: string;
  subject: string;
  records: number;
}

export async function readAudit(db: Db, since?: Date, limit = 10_000): Promise<AuditRow[]> {
  let query = db.selectFrom('audit_log').select(['id', 'at', 'actor', 'action', 'subject', 'records']);
  if (since) query = query.where('at', '>=', since);
  const rows = await query.orderBy('id', 'desc').limit(limit).execute();
  return rows.reverse().map((row) => ({ ...row, id: Number(row.id) }));
}

/** The admin command line's actor: the OS user running it (and the user id when the name cannot be read). */
export function adminActor(): string {
  try {
    return `admin:${os.userInfo().username}`;
  } catch {
    return `admin:uid-${process.getuid?.() ?? 'unknown'}`;
  }
}

export const jobActor = (kind: string): string => `job:${kind}`;
