import { describe, expect, it } from 'vitest';
import { said } from '../../../support/said';
import { getRuleset } from '$lib/rules/rulesets';
import {
	addSeat,
	defaultOptions,
	moveSeat,
	optionsOf,
	teamsAllowed,
	toNewGame,
	whyNotStart,
	type Draft,
	type Seat
} from '../../../../../src/routes/game/new/draft';

/** Seats for `names`, added one by one as the form does. */
function seated(...names: string[]): Seat[] {
	let seats: Seat[] = [];
	for (const name of names) {
		const added = addSeat(seats, name);
		if ('problem' in added) throw new Error(added.problem);
		seats = added.seats;
	}
	return seats;
}

const names = (seats: readonly Seat[]) => seats.map((s) => s.name);

/** The form as it opens for ruleset `id`, with `players` seated and `change` made. */
function draft(id: string, players: string[], change: Partial<Draft> = {}): Draft {
	const ruleset = getRuleset(id);
	const seats = seated(...players);
	return { ruleset, seats, teams: false, ...defaultOptions(ruleset), ...change };
}

describe('addSeat', () => {
	it('adds a cleaned name at the end, with the known player id when given', () => {
		const added = addSeat(seated('Ana'), '  Ben   Cruz ', 'id-ben');
		expect(added).toEqual({
			seats: [
				{ key: 'ana', name: 'Ana', id: null },
				{ key: 'ben cruz', name: 'Ben Cruz', id: 'id-ben' }
			]
		});
	});

	it.each<[string, string[], string, string]>([
		['an empty name', [], '   ', 'Type a name.'],
		['a name over 40 characters', [], 'x'.repeat(41), 'A name can have at most 40 characters.'],
		['a name already seated, whatever its case', ['Ana'], ' ANA ', 'ANA is already at the table.'],
		[
			'a fifth player',
			['Ana', 'Ben', 'Cy', 'Di'],
			'Ed',
			'A game has at most 4 players: remove one to add another.'
		]
	])('refuses %s', (_, before, name, problem) => {
		expect(addSeat(seated(...before), name)).toEqual({ problem });
	});
});

describe('moveSeat', () => {
	it.each<[number, number, string[]]>([
		[1, -1, ['Ben', 'Ana', 'Cy']],
		[1, 1, ['Ana', 'Cy', 'Ben']],
		[0, -1, ['Ana', 'Ben', 'Cy']],
		[2, 1, ['Ana', 'Ben', 'Cy']],
		[5, -1, ['Ana', 'Ben', 'Cy']]
	])('moves seat %i by %i', (index, by, expected) => {
		const seats = seated('Ana', 'Ben', 'Cy');
		expect(names(moveSeat(seats, index, by))).toEqual(expected);
		expect(names(seats)).toEqual(['Ana', 'Ben', 'Cy']);
	});
});

describe('teamsAllowed', () => {
	it('allows teams only for a ruleset with teams and exactly 4 players', () => {
		expect(teamsAllowed(getRuleset('edge-muggins'), 4)).toBe(true);
		expect(teamsAllowed(getRuleset('edge-muggins'), 3)).toBe(false);
		expect(teamsAllowed(getRuleset('classroom'), 4)).toBe(false);
	});
});

describe('optionsOf', () => {
	it('stores "no target" explicitly for the classroom default', () => {
		expect(optionsOf(draft('classroom', []))).toEqual({ target: null });
	});

	it('takes a picked or typed target, and the picked rounds', () => {
		expect(optionsOf(draft('block', [], { target: { kind: 'set', value: 200 } }))).toEqual({
			target: 200
		});
		expect(optionsOf(draft('classroom', [], { target: { kind: 'custom', text: ' 75 ' } }))).toEqual(
			{ target: 75 }
		);
		expect(optionsOf(draft('fives-and-threes', [], { rounds: 11 }))).toEqual({ rounds: 11 });
	});

	it.each(['', '0', '-5', '12.5', 'ten'])('refuses a typed target of "%s"', (text) => {
		expect(
			said(() => optionsOf(draft('classroom', [], { target: { kind: 'custom', text } })))
		).toBe('The target must be a whole number of 1 or more.');
	});
});

describe('whyNotStart', () => {
	it.each<[string, string[], string]>([
		['udl', ['Ana', 'Ben', 'Cy'], 'UDL tournament is played by 2 players.'],
		['classroom', [], 'Classroom Muggins is played by 2-4 players.'],
		['classroom', ['Ana'], 'Classroom Muggins is played by 2-4 players.']
	])('refuses %s with %j', (id, players, why) => {
		expect(whyNotStart(draft(id, players))).toBe(why);
	});

	it('refuses a typed target that is not a whole number', () => {
		const d = draft('classroom', ['Ana', 'Ben'], { target: { kind: 'custom', text: 'x' } });
		expect(whyNotStart(d)).toBe('The target must be a whole number of 1 or more.');
	});

	it('accepts a table the ruleset plays, in teams or not', () => {
		expect(whyNotStart(draft('classroom', ['Ana', 'Ben', 'Cy']))).toBeNull();
		expect(whyNotStart(draft('edge-muggins', ['A', 'B', 'C', 'D'], { teams: true }))).toBeNull();
	});
});

describe('toNewGame', () => {
	it('seats known players by id and new ones by name, in order', () => {
		const seats = seated('Ana', 'Cy');
		const known = addSeat(seats, 'Ben', 'id-ben');
		if (!('seats' in known)) throw new Error(known.problem);
		expect(toNewGame({ ...draft('classroom', []), seats: known.seats })).toEqual({
			ruleset: 'classroom',
			players: ['Ana', 'Cy', { id: 'id-ben' }],
			options: { target: null }
		});
	});

	it('sends partners across as seat indexes only when teams apply', () => {
		const four = draft('edge-muggins', ['A', 'B', 'C', 'D'], { teams: true });
		expect(toNewGame(four).sides).toEqual([
			[0, 2],
			[1, 3]
		]);
		const three = draft('edge-muggins', ['A', 'B', 'C'], { teams: true });
		expect(toNewGame(three).sides).toBeUndefined();
	});
});
