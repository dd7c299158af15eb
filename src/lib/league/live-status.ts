/**
 * What the session page and the board say of the live scores (issue 40): live, connecting,
 * not live since a time, asking instead of listening, or needing the school server. Pure: how
 * the device's link stands and the clock are passed in.
 */
import { message } from '$lib/messages';
import { minutesSince } from './live-game';

/** How a league's live link stands on this device (`sync/live-heard.ts` `LiveLink`). */
export interface LinkState {
	mode: 'connecting' | 'live' | 'lost' | 'asking';
	lastHeardAt: number | null;
}

/** The line, and whether it says the scores are live right now. */
export interface LiveStatus {
	text: string;
	live: boolean;
}

/**
 * The line for a league that is on the school server (`linked`) or not, whose link stands as
 * `state` (undefined before the first round), at `now` (ms).
 */
export function liveStatus(linked: boolean, state: LinkState | undefined, now: number): LiveStatus {
	if (!linked) return { text: message('live-needs-server'), live: false };
	switch (state?.mode) {
		case 'live':
			return { text: message('live-on'), live: true };
		case 'asking':
			return { text: message('live-asking'), live: false };
		case 'lost':
			return {
				text: message('live-lost', {
					minutes: state.lastHeardAt === null ? 0 : minutesSince(state.lastHeardAt, now)
				}),
				live: false
			};
		default:
			return { text: message('live-connecting'), live: false };
	}
}
