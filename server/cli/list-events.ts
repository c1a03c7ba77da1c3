import { saleState } from '../../core/sale';
import type { Db } from '../db/database';
import { listAll } from '../db/events-repo';

/** A plain-text table of every event: key, date, sale window and state. */
export async function listEventsTable(db: Db, now: Date): Promise<string> {
  const rows = await listAll(db);
  if (rows.length === 0) return 'no events';
  const lines = rows.map((r) => {
    const state = saleState(
      {
        onSaleStart: new Date(r.on_sale_start),
        onSaleEnd: new Date(r.on_sale_end),
        eventDate: r.eventdate,
        retentionDays: r.retention_days,
      },
      now,
    );
    const sale = state.can_sale === 'N' ? 'not open' : state.close_sale === 'Y' ? 'ended' : 'on sale';
    return [
      r.event_key,
      r.eventdate,
      new Date(r.on_sale_start).toISOString(),
      sale,
      `${state.day_diff} days left`,
    ];
  });
  const header = ['event_key', 'date', 'sale opens', 'sale', 'photos kept'];
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => String(l[i]).length)));
  return [header, ...lines]
    .map((l) => l.map((c, i) => String(c).padEnd(widths[i] ?? 0)).join('  '))
    .join('\n');
}
