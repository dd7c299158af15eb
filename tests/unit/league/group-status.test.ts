import { describe, expect, it } from 'vitest';
import { groupStatusWords, type PhoneWord } from '$lib/league/group-status';
import type { GroupStatus } from '$lib/league/views';

describe('the words for where a group stands', () => {
	it.each<[GroupStatus, PhoneWord | undefined, string]>([
		['not-started', undefined, 'Not started'],
		['handed-out', undefined, 'Waiting for its card'],
		['handed-out', 'joined', 'Joined on its phone'],
		['handed-out', 'playing', 'Playing on its phone'],
		['handed-out', 'finished', 'Finished on its phone, not signed'],
		// Once the game is on this device (its card came in), the phone's word is out of date.
		['signed', 'playing', 'Signed'],
		['in-progress', undefined, 'Playing'],
		['unsigned', undefined, 'Finished, not signed'],
		['changed', undefined, 'Changed after signing'],
		['voided', 'finished', 'Voided']
	])('%s, the phone saying %s: “%s”', (status, state, text) => {
		expect(groupStatusWords(status, state ? { state } : undefined).text).toBe(text);
	});
});
