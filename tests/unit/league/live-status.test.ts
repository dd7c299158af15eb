/** The line above the groups saying whether the scores are live (issue 40). */
import { describe, expect, it } from 'vitest';
import { liveStatus, type LinkState } from '$lib/league/live-status';

const NOW = Date.parse('2026-02-03T09:10:00.000Z');

describe('liveStatus', () => {
	const CASES: [string, boolean, LinkState | undefined, string, boolean][] = [
		[
			'needs the school server without one',
			false,
			undefined,
			'Live scores need the school server',
			false
		],
		['connects before the first answer', true, undefined, 'Connecting to the school server', false],
		[
			'is live while the stream holds',
			true,
			{ mode: 'live', lastHeardAt: NOW },
			'Live through the school server',
			true
		],
		[
			'asks every few seconds without a stream',
			true,
			{ mode: 'asking', lastHeardAt: NOW },
			'Asking the server every few seconds',
			false
		],
		[
			'says when it last heard while it reconnects',
			true,
			{ mode: 'lost', lastHeardAt: NOW - 3 * 60_000 },
			'last heard from the school server 3 minutes ago',
			false
		],
		[
			'says just now for under a minute',
			true,
			{ mode: 'lost', lastHeardAt: NOW - 20_000 },
			'last heard from the school server just now',
			false
		],
		[
			'says one minute in the singular',
			true,
			{ mode: 'lost', lastHeardAt: NOW - 61_000 },
			'1 minute ago',
			false
		]
	];
	for (const [name, linked, state, words, live] of CASES) {
		it(name, () => {
			const status = liveStatus(linked, state, NOW);
			expect(status.text).toContain(words);
			expect(status.live).toBe(live);
		});
	}
});
