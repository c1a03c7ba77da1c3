// The typed client over core/contract: every answer is parsed with its schema before the UI sees it.
import * as v from 'valibot';
import { type ErrorCode, isErrorCode } from '../../../core/contract/common';
import { appSettings } from '../app-settings';
import { type CarriedAnswers, documentAnswers } from './first-screen';

/** Where the API is (the server's PUBLIC_API_BASE, handed over with the app shell). */
export const API_BASE: string = appSettings.apiBase;

/** A call that did not give a usable answer: offline, a server error, or a non-success status. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly kind: 'network' | 'status' | 'shape',
    readonly httpStatus?: number,
    /** The refusal's own message (the server's `message`), when it gave one. */
    readonly serverMessage?: string,
    /** The refusal's machine-readable reason (the server's `code`), when it gave one this build knows. */
    readonly serverCode?: ErrorCode,
    /** Seconds to wait before asking again, when the refusal said (`retry_after` or Retry-After: a busy search, a 429). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * Where a call's answer may come from before the API: the answers its page carried (the browser's own unless
 * given: a server render gives its own), and the signal that aborts it. A bare signal is the same as `{ signal }`.
 */
export type CallFrom =
  | AbortSignal
  | { signal?: AbortSignal | undefined; carried?: CarriedAnswers | undefined };

function callFrom(from: CallFrom | undefined): { signal?: AbortSignal | undefined; carried: CarriedAnswers } {
  if (from instanceof AbortSignal) return { signal: from, carried: documentAnswers() };
  return { signal: from?.signal, carried: from?.carried ?? documentAnswers() };
}

function parsedCarried<S extends v.GenericSchema>(carried: unknown, schema: S): v.InferOutput<S> | undefined {
  if (carried === undefined) return undefined;
  const parsed = v.safeParse(schema, carried);
  return parsed.success ? parsed.output : undefined;
}

/**
 * The answer to this call that came with the page (src/lib/api/first-screen.ts), parsed like any answer, taken
 * once; undefined when none came (or it does not parse). A page can render it at once, without a round trip.
 */
export function takeCarried<S extends v.GenericSchema>(
  method: 'GET' | 'POST',
  path: string,
  schema: S,
  body?: unknown,
  carried: CarriedAnswers = documentAnswers(),
): v.InferOutput<S> | undefined {
  return parsedCarried(carried.take(method, path, body), schema);
}

/** As takeCarried, but left for the call that takes it. */
export function peekCarried<S extends v.GenericSchema>(
  method: 'GET' | 'POST',
  path: string,
  schema: S,
  body: unknown,
  carried: CarriedAnswers,
): v.InferOutput<S> | undefined {
  return parsedCarried(carried.peek(method, path, body), schema);
}

/** The Retry-After header's seconds, when it gives a positive number of them. */
function retryAfterHeader(response: Response): number | undefined {
  const seconds = Number(response.headers.get('retry-after'));
  return Number.isFinite(seconds) && seconds > 0 ? seconds : undefined;
}

async function call<S extends v.GenericSchema>(
  method: 'GET' | 'POST',
  path: string,
  schema: S,
  body: unknown,
  from: CallFrom | undefined,
  headers: Record<string, string> = {},
): Promise<v.InferOutput<S>> {
  const { signal, carried: answers } = callFrom(from);
  const carried = takeCarried(method, path, schema, body, answers);
  if (carried !== undefined) return carried;
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method,
      headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(`${method} ${path}: ${(error as Error).message}`, 'network');
  }
  const json: unknown = await response.json().catch(() => undefined);
  const status = (json as { status?: unknown } | undefined)?.status;
  if (!response.ok || status !== 'success') {
    const { message, code, retry_after } = (json ?? {}) as {
      message?: unknown;
      code?: unknown;
      retry_after?: unknown;
    };
    const serverMessage = typeof message === 'string' ? message : undefined;
    throw new ApiError(
      `${method} ${path}: HTTP ${response.status}${serverMessage ? ` ${serverMessage}` : ''}`,
      'status',
      response.status,
      serverMessage,
      isErrorCode(code) ? code : undefined,
      typeof retry_after === 'number' && retry_after > 0 ? retry_after : retryAfterHeader(response),
    );
  }
  const parsed = v.safeParse(schema, json);
  if (!parsed.success)
    throw new ApiError(`${method} ${path}: unexpected answer (${v.summarize(parsed.issues)})`, 'shape');
  return parsed.output;
}

export const getJson = <S extends v.GenericSchema>(path: string, schema: S, from?: CallFrom) =>
  call('GET', path, schema, undefined, from);

export const postJson = <S extends v.GenericSchema>(
  path: string,
  body: unknown,
  schema: S,
  from?: CallFrom,
  headers?: Record<string, string>,
) => call('POST', path, schema, body, from, headers);
