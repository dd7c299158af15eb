/**
 * The streams' comment lines spread over their interval (issue 40): every stream pinged once a
 * round of turns, no turn pinging more than its share, a stream that ends pinged no more.
 */
import { describe, expect, it } from 'vitest';
import { Listener, type Sink } from '../../server/core/live-listener';
import { PING_TURN_MS, PingRounds } from '../../server/core/live-pings';

/** A listener whose sink counts the lines it is sent. */
function counted(behind = () => false) {
	let lines = 0;
	const listener = new Listener('device', null, () => {});
	const sink: Sink = { write: () => lines++, behind, close: () => {} };
	listener.attach(sink);
	return {
		listener,
		get lines() {
			return lines;
		}
	};
}

describe('PingRounds', () => {
	it('pings every stream once a round of turns, a turn its share only', () => {
		const rounds = new PingRounds(4);
		const streams = Array.from({ length: 10 }, () => counted());
		for (const s of streams) rounds.add(s.listener);
		const perTurn = [1, 2, 3, 4].map(() => rounds.turn());
		// 10 streams in 4 rounds: 3, 3, 2, 2, never all 10 in one turn (as before the rounds).
		expect(perTurn).toEqual([3, 3, 2, 2]);
		expect(streams.map((s) => s.lines)).toEqual(Array(10).fill(1));
		for (let i = 0; i < 4; i++) rounds.turn();
		expect(streams.map((s) => s.lines)).toEqual(Array(10).fill(2));
	});

	it('pings a stream that left no more, and a stream too far behind ends as it is pinged', () => {
		const rounds = new PingRounds(2);
		const gone = counted();
		const slow = counted(() => true);
		const kept = counted();
		for (const s of [gone, slow, kept]) rounds.add(s.listener);
		rounds.remove(gone.listener);
		expect(rounds.size).toBe(2);
		rounds.turn();
		rounds.turn();
		expect([gone.lines, slow.lines, kept.lines]).toEqual([0, 0, 1]);
		expect(slow.listener.open).toBe(false);
	});

	it('splits an interval into turns of about PING_TURN_MS, at least one', () => {
		expect(PingRounds.every(20_000).slices).toBe(20_000 / PING_TURN_MS);
		expect(PingRounds.every(50).slices).toBe(1);
	});
});
