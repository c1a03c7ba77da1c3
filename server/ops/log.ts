// The store's one logger: JSON lines through pino, one object a line with its level, time, process and,
// inside a request, the request's id; readable lines with LOG_FORMAT=pretty. No personal data reaches a line:
// mobile numbers and e-mail addresses are masked in every message and field (maskPersonal), whoever wrote them, and
// an error is logged as its name, message and stack only (a failed query's properties hold the row it wrote).
import { AsyncLocalStorage } from 'node:async_hooks';
import { pino } from 'pino';
import pretty from 'pino-pretty';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
export type LogFields = Record<string, unknown>;

export interface LogSettings {
  /** LOG_LEVEL: the lowest level written (default info); "silent" writes nothing. */
  level: LogLevel | 'silent';
  /** LOG_FORMAT: "json" (default, one object a line) or "pretty" (for a person at a terminal). */
  format: 'json' | 'pretty';
}

// Thai mobile numbers (06, 08, 09 and ten digits, written with or without dashes or spaces, or +66 and nine
// digits) keep their last two digits; e-mail addresses their first letter and their domain.
const MOBILE = /(?<![\d])(?:\+66[-\s]?|0)([689])(\d)[-\s]?(\d{3})[-\s]?(\d{2})(\d{2})(?![\d])/g;
const EMAIL = /([A-Za-z0-9])[A-Za-z0-9._%+-]*@([A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+)/g;

/** The text with every mobile number and e-mail address in it masked ("08x-xxx-xx78", "s***@example.com"). */
export function maskPersonal(text: string): string {
  return text
    .replace(MOBILE, (_m, _a, _b, _c, _d, last: string) => `0xx-xxx-xx${last}`)
    .replace(EMAIL, '$1***@$2');
}

/** A value for a log line: strings masked, errors as name, message and stack, objects and arrays walked (bounded). */
export function maskValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return maskPersonal(value);
  if (value instanceof Error)
    return { type: value.name, message: maskPersonal(value.message), stack: maskPersonal(value.stack ?? '') };
  if (value === null || typeof value !== 'object' || value instanceof Date) return value;
  if (depth >= 4) return '[…]';
  if (Array.isArray(value)) return value.slice(0, 50).map((item) => maskValue(item, depth + 1));
  const out: LogFields = {};
  for (const [key, item] of Object.entries(value)) out[key] = maskValue(item, depth + 1);
  return out;
}

const defaults: LogSettings = { level: 'info', format: 'json' };

function makeLogger(settings: LogSettings, destination?: NodeJS.WritableStream): pino.Logger {
  const options: pino.LoggerOptions = {
    level: settings.level,
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
  };
  if (destination) return pino(options, destination);
  if (settings.format === 'pretty')
    return pino(
      options,
      pretty({
        sync: true,
        colorize: process.stdout.isTTY === true,
        translateTime: 'SYS:HH:MM:ss',
        ignore: 'pid,hostname',
        singleLine: true,
      }),
    );
  return pino(options, pino.destination({ fd: 1, sync: true }));
}

let root = makeLogger(defaults);
/** Fields every line of this process carries (its role: api, worker, admin). */
let processFields: LogFields = {};

/** Sets the level and format (from the config, once at start) and the fields every line of this process carries. */
export function configureLog(settings: LogSettings, fields: LogFields = {}): void {
  root = makeLogger(settings);
  processFields = fields;
}

interface RequestScope {
  reqId: string;
}
const requestScope = new AsyncLocalStorage<RequestScope>();

/** Runs `fn` with every line it logs (however deep) carrying this request id. */
export function withRequestId<T>(reqId: string, fn: () => T): T {
  return requestScope.run({ reqId }, fn);
}

/** The id of the request being answered, if any. */
export const currentRequestId = (): string | undefined => requestScope.getStore()?.reqId;

function write(level: LogLevel, message: string, fields?: LogFields): void {
  if (!root.isLevelEnabled(level)) return;
  const reqId = currentRequestId();
  const masked = fields ? (maskValue(fields) as LogFields) : {};
  root[level]({ ...processFields, ...(reqId ? { reqId } : {}), ...masked }, maskPersonal(message));
}

/**
 * The store's log: a message and optional fields (an error under `err`). Messages are for people and stay short;
 * what a machine would filter on goes into fields.
 */
export const log = {
  debug: (message: string, fields?: LogFields) => write('debug', message, fields),
  info: (message: string, fields?: LogFields) => write('info', message, fields),
  warn: (message: string, fields?: LogFields) => write('warn', message, fields),
  error: (message: string, fields?: LogFields) => write('error', message, fields),
};

/** One line as written, parsed (tests). */
export interface LogLine extends LogFields {
  level: LogLevel;
  msg: string;
}

/**
 * Sends this process's lines to memory instead of stdout until `restore` (tests): `lines` holds them parsed, as an
 * operator's log collector would read them.
 */
export function captureLogs(level: LogLevel = 'debug'): { lines: LogLine[]; restore(): void } {
  const lines: LogLine[] = [];
  const before = root;
  const sink = {
    write(chunk: string) {
      lines.push(JSON.parse(chunk) as LogLine);
      return true;
    },
  } as unknown as NodeJS.WritableStream;
  root = makeLogger({ level, format: 'json' }, sink);
  return {
    lines,
    restore() {
      root = before;
    },
  };
}
