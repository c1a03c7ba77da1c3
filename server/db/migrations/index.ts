// Every migration, in order. Add new ones at the end; never edit one that has shipped.
import type { Migration } from 'kysely';
import * as events from './0001-events';

export const migrations: Record<string, Migration> = {
  '0001-events': events,
};
