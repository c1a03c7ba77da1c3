// The admin CLI's command shape and argument parsing. Bad arguments throw UsageError: the CLI prints its message
// (never a stack trace) and exits 2. Arguments are parsed before the database is opened.
import { type ParseArgsConfig, parseArgs } from 'node:util';
import * as v from 'valibot';
import { eventKeySchema } from '../../core/contract/common';
import type { Config } from '../config';
import type { Db } from '../db/database';
import type { ObjectStore } from '../storage/object-store';

/** Wrong arguments, or a name that points at nothing: exit 2 with the message. */
export class UsageError extends Error {}

/** The command was understood but could not be done (e.g. the order is already paid): exit 1 with the message. */
export class CommandFailed extends Error {}

export interface CliContext {
  db: Db;
  store: ObjectStore;
  now(): Date;
  /** PAYMENT_GATEWAY: mark-paid is for the sandbox only. */
  paymentGateway: 'sandbox' | 'gbp' | 'opn';
  /** RETENTION_DAYS: kept for new events. */
  retentionDays: number;
  /** Where the store's pages are (PUBLIC_BASE_URL, else this machine's PORT): the addresses commands print. */
  publicBaseUrl?: string;
  /** Results (stdout). */
  out(line: string): void;
  /** Progress and per-item notes (stderr); a progress line replaces the previous one on a terminal. */
  note(line: string, options?: { progress?: boolean }): void;
  /** Tests: `watch` looks at its folder this many times, without waiting, then stops. */
  watchRounds?: number;
}

/**
 * What a command that opens the store its own way gets (backup, restore: the database's files themselves, or no
 * database at all): the settings and the output.
 */
export interface StandaloneContext {
  config: Config;
  out(line: string): void;
  note(line: string, options?: { progress?: boolean }): void;
}

/** A command's work: on the open database and store, or (standalone) on the settings alone. */
export type CommandWork =
  | ((ctx: CliContext) => Promise<void>)
  | { standalone: (ctx: StandaloneContext) => Promise<void> };

export interface Command {
  name: string;
  /** Arguments as help shows them. */
  args: string;
  summary: string;
  /** Checks the arguments (throwing UsageError) and answers the work to do once the database is open. */
  prepare(argv: string[]): CommandWork;
}

/** A command that opens what it needs itself (StandaloneContext). */
export function standaloneCommand<P>(def: {
  name: string;
  args?: string;
  summary: string;
  parse(argv: string[]): P;
  run(ctx: StandaloneContext, parsed: P): Promise<void>;
}): Command {
  return {
    name: def.name,
    args: def.args ?? '',
    summary: def.summary,
    prepare(argv) {
      const parsed = def.parse(argv);
      return { standalone: (ctx) => def.run(ctx, parsed) };
    },
  };
}

export function command<P>(def: {
  name: string;
  args?: string;
  summary: string;
  parse(argv: string[]): P;
  run(ctx: CliContext, parsed: P): Promise<void>;
}): Command {
  return {
    name: def.name,
    args: def.args ?? '',
    summary: def.summary,
    prepare(argv) {
      const parsed = def.parse(argv);
      return (ctx) => def.run(ctx, parsed);
    },
  };
}

type Options = NonNullable<ParseArgsConfig['options']>;

/** node:util parseArgs, strict, with its errors turned into UsageError. */
export function parseCommand<O extends Options>(
  name: string,
  argv: string[],
  options: O,
  positionals: string[],
) {
  let parsed: ReturnType<
    typeof parseArgs<{ args: string[]; options: O; allowPositionals: true; strict: true }>
  >;
  try {
    parsed = parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  } catch (error) {
    // One line; the hint about positionals after "--" never applies here (no command takes dash-led names).
    const message = (error as Error).message
      .replace(/\s*To specify a positional.*$/s, '')
      .replace(/\s*\n\s*/g, ' ');
    throw new UsageError(`${name}: ${message}`);
  }
  if (parsed.positionals.length < positionals.length) {
    const missing = positionals.slice(parsed.positionals.length).join(' ');
    throw new UsageError(`${name}: missing ${missing}`);
  }
  return parsed;
}

/** No extra positional arguments beyond the ones a command takes. */
export function noExtra(name: string, positionals: string[], max: number): void {
  if (positionals.length > max) {
    throw new UsageError(`${name}: unexpected argument "${positionals[max]}"`);
  }
}

export function required<T>(name: string, flag: string, value: T | undefined): T {
  if (value === undefined || value === '') throw new UsageError(`${name}: --${flag} is required`);
  return value;
}

/** A key that becomes part of an address: the event-key rule (letters, digits, - and _). */
export function keyArg(name: string, what: string, value: string): string {
  const result = v.safeParse(eventKeySchema, value);
  if (!result.success) throw new UsageError(`${name}: ${what} "${value}" ${result.issues[0].message}`);
  return value;
}

export function intArg(name: string, flag: string, raw: string, min: number, max: number): number {
  const value = Number(raw);
  if (!/^-?\d+$/.test(raw.trim()) || !Number.isSafeInteger(value) || value < min || value > max) {
    throw new UsageError(`${name}: --${flag} must be a whole number from ${min} to ${max}, got "${raw}"`);
  }
  return value;
}

export function numberArg(name: string, flag: string, raw: string, min: number, max: number): number {
  const value = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(value) || value <= min || value > max) {
    throw new UsageError(`${name}: --${flag} must be a number above ${min} and at most ${max}, got "${raw}"`);
  }
  return value;
}

/** A price in baht: digits with up to two decimals; answered as "250.00". */
export function priceArg(name: string, what: string, raw: string): string {
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(raw)) {
    throw new UsageError(`${name}: ${what} must be an amount like 250 or 250.50, got "${raw}"`);
  }
  return Number(raw).toFixed(2);
}

/** A calendar date YYYY-MM-DD that exists. */
export function dateArg(name: string, flag: string, raw: string): string {
  const at = new Date(`${raw}T00:00:00Z`);
  if (
    !/^\d{4}-\d{2}-\d{2}$/.test(raw) ||
    Number.isNaN(at.getTime()) ||
    at.toISOString().slice(0, 10) !== raw
  ) {
    throw new UsageError(`${name}: --${flag} must be a date YYYY-MM-DD, got "${raw}"`);
  }
  return raw;
}

const ISO_TIME = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?$/;

/** An ISO date and time; without a zone it is Thailand time (UTC+7). */
export function timeArg(name: string, flag: string, raw: string): Date {
  const m = ISO_TIME.exec(raw);
  const at = m ? new Date(m[6] ? raw : `${raw}+07:00`) : undefined;
  if (!m || !at || Number.isNaN(at.getTime()) || Number(m[2]) > 23 || Number(m[3]) > 59) {
    throw new UsageError(
      `${name}: --${flag} must be an ISO time like 2026-11-01T06:00 or 2026-11-01T06:00:00+07:00, got "${raw}"`,
    );
  }
  dateArg(name, flag, m[1] as string);
  return at;
}

/** An address a browser may open: http(s) only. */
export function urlArg(name: string, flag: string, raw: string): string {
  if (!/^https?:\/\/[^\s/]+[^\s]*$/i.test(raw)) {
    throw new UsageError(`${name}: --${flag} must be an http(s) address, got "${raw}"`);
  }
  return raw;
}

/** Prints rows as aligned columns under a header. */
export function table(header: string[], rows: (string | number)[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i] ?? '').length)));
  return [header, ...rows]
    .map((r) =>
      r
        .map((c, i) => String(c ?? '').padEnd(widths[i] ?? 0))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}
