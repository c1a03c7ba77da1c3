// Usage logs the page sends (SPEC §7), kept as they come: text only, never image data (the contract's schema).
import type { AppContext } from '../context';
import { insertLog, type NewLog } from '../db/logs-repo';

export const keepLog = (ctx: Pick<AppContext, 'db'>, entry: NewLog): Promise<void> =>
  insertLog(ctx.db, entry);
