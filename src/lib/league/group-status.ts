/**
 * The words for where a session's group stands, in one place: the session page's group cards
 * and the projector board say the same thing. Where this device holds only the game's id (a
 * group's game played on its phone), what the phone said over the school server, when it did.
 */
import type { GroupStatus } from './views';

/** The pill's colour: a class of app.css. */
export type Tone = 'muted' | 'brand' | 'silver' | 'success' | 'danger';

const STATUS: Record<GroupStatus, { text: string; tone: Tone }> = {
	'not-started': { text: 'Not started', tone: 'muted' },
	'handed-out': { text: 'Waiting for its card', tone: 'muted' },
	'in-progress': { text: 'Playing', tone: 'brand' },
	unsigned: { text: 'Finished, not signed', tone: 'silver' },
	signed: { text: 'Signed', tone: 'success' },
	changed: { text: 'Changed after signing', tone: 'danger' },
	voided: { text: 'Voided', tone: 'danger' }
};

/** What a group's phone said of its game (issue 36). */
export type PhoneWord = 'joined' | 'playing' | 'finished';

const HEARD: Record<PhoneWord, { text: string; tone: Tone }> = {
	joined: { text: 'Joined on its phone', tone: 'muted' },
	playing: { text: 'Playing on its phone', tone: 'brand' },
	finished: { text: 'Finished on its phone, not signed', tone: 'silver' }
};

/** Where a group stands: its game's status, or the phone's word while only the phone has it. */
export function groupStatusWords(
	status: GroupStatus,
	heard?: { state: PhoneWord }
): { text: string; tone: Tone } {
	return status === 'handed-out' && heard ? HEARD[heard.state] : STATUS[status];
}
