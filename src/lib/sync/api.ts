/**
 * Calls to the school server (docs/server.md). A refusal comes back as a SyncError with the
 * server's code (its words are in messages.ts); no answer at all is `sync-unreachable`.
 */
import { CodedError } from '$lib/coded-error';
import { isMessageCode, type MessageCode } from '$lib/messages';

export class SyncError extends CodedError {
	override readonly name = 'SyncError';
	constructor(
		code: MessageCode,
		readonly status: number,
		params: Record<string, string | number | undefined> = {},
		/** The refusal's JSON body, for a caller that resumes from it (a live message's `next`). */
		readonly answer: unknown = null
	) {
		super(code, params);
	}
}

/** The fetch calls go through (tests hand in the server's own `request`). */
let fetcher: typeof fetch = (...args) => globalThis.fetch(...args);

export function useFetch(f: typeof fetch): void {
	fetcher = f;
}

/** The fetch calls go through, for a call read as a stream (`live-stream.ts`). */
export function currentFetch(): typeof fetch {
	return fetcher;
}

/** `typed` as a server address (`https://host[:port]`, no path), or throws `sync-address`. */
export function serverAddress(typed: string): string {
	const text = typed.trim();
	let url: URL;
	try {
		url = new URL(/^https?:\/\//i.test(text) ? text : `https://${text}`);
	} catch {
		throw new SyncError('sync-address', 0, { address: text });
	}
	if (!/^https?:$/.test(url.protocol) || url.hostname === '') {
		throw new SyncError('sync-address', 0, { address: text });
	}
	return url.origin;
}

/** Sends one request; its JSON answer, or a SyncError. */
export async function call<T>(
	address: string,
	method: string,
	path: string,
	opts: { token?: string; json?: unknown } = {}
): Promise<T> {
	const answer = await callUnlessSame<T>(address, method, path, opts);
	if (answer === null) throw new SyncError('sync-unreachable', 304);
	return answer;
}

/**
 * Sends one request that may be answered 304 (a poll with `since=`): null then, else as `call`.
 */
export async function callUnlessSame<T>(
	address: string,
	method: string,
	path: string,
	opts: { token?: string; json?: unknown } = {}
): Promise<T | null> {
	const headers: Record<string, string> = {};
	if (opts.json !== undefined) headers['content-type'] = 'application/json';
	if (opts.token) headers.authorization = `Bearer ${opts.token}`;
	let res: Response;
	try {
		res = await fetcher(`${address}${path}`, {
			method,
			headers,
			body: opts.json === undefined ? undefined : JSON.stringify(opts.json),
			// Every answer is read fresh from the server; no cache stands between.
			cache: 'no-store'
		});
	} catch {
		throw new SyncError('sync-unreachable', 0);
	}
	if (res.status === 304) return null;
	const body = (await res.json().catch(() => null)) as { error?: unknown } | null;
	if (!res.ok) {
		const code = typeof body?.error === 'string' && isMessageCode(body.error) ? body.error : null;
		throw new SyncError(code ?? 'sync-unreachable', res.status, {}, body);
	}
	return body as T;
}
