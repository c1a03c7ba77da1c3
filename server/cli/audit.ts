// The audit trail of personal data (db/audit-repo.ts): who read or changed it, when, what, how many records. Only
// read here: the table refuses updates and deletions, and no command offers either.
import { readAudit } from '../db/audit-repo';
import { type Command, command, dateArg, noExtra, parseCommand, table, timeArg, UsageError } from './args';

/** --since: a day (from its start in Thailand, UTC+7) or an ISO time (Thailand time without a zone). */
export function sinceArg(name: string, raw: string): Date {
  if (/^\d{4}-\d{2}-\d{2}$/.test(raw)) return new Date(`${dateArg(name, 'since', raw)}T00:00:00+07:00`);
  if (!raw.includes('T'))
    throw new UsageError(
      `${name}: --since must be a date YYYY-MM-DD or an ISO time like 2026-11-01T06:00, got "${raw}"`,
    );
  return timeArg(name, 'since', raw);
}

const iso = (at: Date) => new Date(at).toISOString();

const audit = command({
  name: 'audit',
  args: '[--since YYYY-MM-DD|ISO time] [--json]',
  summary:
    'the audit trail of personal data: when, who (OS user or job), what, on what, how many records; newest last',
  parse(argv) {
    const name = 'audit';
    const options = { since: { type: 'string' }, json: { type: 'boolean' } } as const;
    const { values, positionals } = parseCommand(name, argv, options, []);
    noExtra(name, positionals, 0);
    return {
      since: values.since === undefined ? undefined : sinceArg(name, values.since),
      json: values.json === true,
    };
  },
  async run(ctx, args) {
    const rows = await readAudit(ctx.db, args.since);
    if (args.json) {
      ctx.out(
        JSON.stringify(
          rows.map((r) => ({
            at: iso(r.at),
            actor: r.actor,
            action: r.action,
            subject: r.subject,
            records: r.records,
          })),
        ),
      );
      return;
    }
    if (rows.length === 0) {
      ctx.out(args.since ? `no audit entries since ${iso(args.since)}` : 'no audit entries');
      return;
    }
    ctx.out(
      table(
        ['at (UTC)', 'actor', 'action', 'subject', 'records'],
        rows.map((r) => [iso(r.at).slice(0, 19).replace('T', ' '), r.actor, r.action, r.subject, r.records]),
      ),
    );
  },
});

export const auditCommands: Command[] = [audit];
