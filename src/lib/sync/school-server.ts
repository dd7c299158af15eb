/**
 * Telling a Muggins League school server from any other web address: its health check answers
 * `{ ok, database }` as JSON (server/app.ts). A page that merely exists there (an app served
 * without the server answers every path with its own page) is not a server.
 */
import { SyncError, callUnlessSame } from './api';

/** Whether `answer`, the JSON of `GET /api/health`, comes from a Muggins League server. */
export function isHealthAnswer(answer: unknown): boolean {
	if (typeof answer !== 'object' || answer === null) return false;
	const { ok, database } = answer as { ok?: unknown; database?: unknown };
	return ok === true && typeof database === 'string';
}

/**
 * Checks that the school server answers at `address`.
 * @throws SyncError `sync-not-server` when something else answers there, `sync-unreachable`
 *   when nothing does
 */
export async function checkServer(address: string): Promise<void> {
	let answer: unknown;
	try {
		// Not `call`: a page that is not JSON comes back as null, which `call` reads as no answer.
		answer = await callUnlessSame<unknown>(address, 'GET', '/api/health');
	} catch (e) {
		// Something answered, with a status but none of the server's refusals: not the server.
		const stranger = e instanceof SyncError && e.code === 'sync-unreachable' && e.status > 0;
		throw stranger ? new SyncError('sync-not-server', e.status, { address }) : e;
	}
	if (!isHealthAnswer(answer)) throw new SyncError('sync-not-server', 0, { address });
}

/**
 * Whether the app was served by the school server itself (`origin` is the page's own), so the
 * device can offer it in one tap instead of asking for its address. Never throws.
 */
export async function servedBySchoolServer(origin: string): Promise<boolean> {
	try {
		await checkServer(origin);
		return true;
	} catch {
		return false;
	}
}
