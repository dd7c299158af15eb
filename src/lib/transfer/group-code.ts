/**
 * The short code a group types when its phone's camera fails, and the rules that tell a
 * group's code to take from a bad or stale one. Pure: no store, no clock.
 *
 * The code is 4 characters of an alphabet without look-alikes (no 0/O, 1/I/L), made from a
 * hash of the session, the group's place and its game: the same group always has the same
 * code. Two groups of one session share a code about once in 30,000 sessions of 8 groups; a
 * phone that finds two groups for a code asks the group to pick from the list instead.
 */
import { sha256Hex } from '$lib/rules/sha256';
import { ClassLoopError } from './errors';
import { GROUP_CODE_ALPHABET } from './schema';

/** Characters in a group's code. */
export const GROUP_CODE_LENGTH = 4;

/** The code of group `index` of session `sessionId`, whose game is `gameId`. */
export async function groupCode(sessionId: string, index: number, gameId: string): Promise<string> {
	const hex = sha256Hex(`${sessionId}\u0000${index}\u0000${gameId}`);
	let code = '';
	for (let i = 0; i < GROUP_CODE_LENGTH; i++) {
		const n = parseInt(hex.slice(i * 4, i * 4 + 4), 16);
		code += GROUP_CODE_ALPHABET.charAt(n % GROUP_CODE_ALPHABET.length);
	}
	return code;
}

/**
 * A typed code as the codes are written: capitals, spaces and dashes left out.
 * @throws ClassLoopError `group-code-bad` when it cannot be a group's code
 */
export function readTypedCode(text: string): string {
	const code = text.toUpperCase().replace(/[\s-]+/g, '');
	const valid = new RegExp(`^[${GROUP_CODE_ALPHABET}]{${GROUP_CODE_LENGTH}}$`);
	if (!valid.test(code)) throw new ClassLoopError('group-code-bad');
	return code;
}

/** A group of a session as a phone holds it, for the staleness check. */
export interface HeldGroup {
	sessionId: string;
	sessionUpdatedAt: string;
	index: number;
	gameId: string;
}

/** A group's code as read: its session's version and the group. */
export interface IncomingGroup {
	session: { id: string; updatedAt: string };
	group: { index: number; gameId: string };
}

/**
 * Refuses a group from an older list of the session's groups than the phone holds, where that
 * list put another game at the group's place: the instructor changed the groups since.
 * @throws ClassLoopError `group-code-stale`
 */
export function checkNotStale(held: readonly HeldGroup[], incoming: IncomingGroup): void {
	const same = held.filter((h) => h.sessionId === incoming.session.id);
	const newer = same.filter((h) => h.sessionUpdatedAt > incoming.session.updatedAt);
	if (newer.length === 0) return;
	const known = newer.some((h) => h.gameId === incoming.group.gameId);
	const replaced = newer.some(
		(h) => h.index === incoming.group.index && h.gameId !== incoming.group.gameId
	);
	if (replaced || !known) throw new ClassLoopError('group-code-stale');
}
