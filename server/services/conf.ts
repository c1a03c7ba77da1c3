// The public settings the client asks for by name (POST /v1/utils/conf, SPEC §7).
import type { AppContext } from '../context';
import { readConf } from '../db/orders-repo';

/**
 * A setting's value: an administrator's conf row wins (even "", which tells the client to alert the administrator),
 * else the gateway's name.
 */
export async function confValue(ctx: Pick<AppContext, 'db' | 'payments'>, name: string): Promise<string> {
  return (await readConf(ctx.db, name)) ?? ctx.payments.name;
}
