/**
 * The API's refusals: a code of `messages.ts` (the words come from there, as in the app) and a
 * 4xx status. Anything else thrown in a handler is a bug: 500, logged, words kept general.
 */
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { message, type MessageCode, type MessageParams } from '$lib/messages';

export class ApiError extends Error {
	constructor(
		readonly status: ContentfulStatusCode,
		readonly code: MessageCode,
		readonly params: MessageParams = {},
		/** Extra fields of the JSON body (e.g. the reasons a card is refused). */
		readonly extra: Record<string, unknown> = {}
	) {
		super(code);
	}
}

/** The JSON body of a refusal: `{ error, message, ...extra }`. */
export function refusalBody(e: ApiError): Record<string, unknown> {
	return { error: e.code, message: message(e.code, e.params), ...e.extra };
}

/** A refusal as Hono's answer. */
export function refusal(c: Context, e: ApiError): Response {
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
export const notFound = () => new ApiError(404, 'server-not-found');

/** A request's text as JSON; 400 for anything else. */
export function parseRequestJson(text: string): unknown {
	try {
		return JSON.parse(text) as unknown;
	} catch {
		throw malformed('not JSON');
	}
}
