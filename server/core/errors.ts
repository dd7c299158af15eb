/**
 * The API's refusals: a code of `messages.ts` (the words come from there, as in the app) and a
 * 4xx status, or 503 while the server cannot do the work now (its database unreachable, too many
 * large bodies at once). Anything else thrown in a handler is a bug: 500, logged, words general.
 */
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { CodedError } from '$lib/coded-error';
import { message, type MessageCode, type MessageParams } from '$lib/messages';

export class ApiError extends CodedError {
	constructor(
		readonly status: ContentfulStatusCode,
		code: MessageCode,
		params: MessageParams = {},
		/** Extra fields of the JSON body (e.g. the reasons a card is refused). */
		readonly extra: Record<string, unknown> = {},
		/** Seconds after which the same request may be tried again (429, 503). */
		readonly retryAfter: number | null = null
	) {
		super(code, params);
		this.name = 'ApiError';
	}
}

/** The JSON body of a refusal: `{ error, message, ...extra }`. */
export function refusalBody(e: ApiError): Record<string, unknown> {
	return { error: e.code, message: message(e.code, e.params), ...e.extra };
}

/** A refusal as Hono's answer. */
export function refusal(c: Context, e: ApiError): Response {
	if (e.retryAfter !== null) c.header('Retry-After', String(e.retryAfter));
	return c.json(refusalBody(e), e.status);
}

/** The body of a 500: a bug, logged; the words stay general. */
export const UNEXPECTED = {
	error: 'unexpected',
	message: 'The server failed; nothing was stored.'
} as const;

export const malformed = (detail?: string) => new ApiError(400, 'server-malformed', { detail });
export const unauthorized = () => new ApiError(401, 'server-unauthorized');
export const forbidden = () => new ApiError(403, 'server-forbidden');
export const otherLeague = () => new ApiError(403, 'server-other-league');
export const notFound = () => new ApiError(404, 'server-not-found');
export const databaseDown = () =>
	new ApiError(503, 'server-database-down', {}, {}, DATABASE_RETRY_SECONDS);

/** How long a device is asked to wait before trying again while the database is away. */
const DATABASE_RETRY_SECONDS = 10;

/** SQLSTATE classes and codes of a database that is gone, not of a statement that failed. */
const GONE_STATES = /^(08|57P0[1-3]|53300)/;
const GONE_ERRNOS = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * Whether `e` says the database cannot be reached (refused, dropped, shutting down, closed),
 * as `pg` and PGlite report it, rather than that a statement failed.
 */
export function isDatabaseGone(e: unknown): boolean {
	if (!(e instanceof Error)) return false;
	const code = (e as { code?: unknown }).code;
	if (typeof code === 'string' && (GONE_ERRNOS.has(code) || GONE_STATES.test(code))) return true;
	if (e instanceof AggregateError) return e.errors.some(isDatabaseGone);
	return /Connection terminated|timeout exceeded when trying to connect|PGlite is closed/i.test(
		e.message
	);
}

/** A request's text as JSON; 400 for anything else. */
export function parseRequestJson(text: string): unknown {
	try {
		return JSON.parse(text) as unknown;
	} catch {
		throw malformed('not JSON');
	}
}
