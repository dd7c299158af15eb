import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import type { PlayerRecord, ReceivedCard } from '$lib/card/records';
import { correct } from '$lib/db/corrections';
import { db } from '$lib/db/db';
import * as inbox from '$lib/db/inbox';
import {
	INBOX_PAGE,
	groupNames,
	inboxPage,
	inboxShown,
	type InboxShown
} from '$lib/league/inbox-page';
import * as sessions from '$lib/db/sessions';
import { handOut } from '$lib/class-loop/group-codes';
import { at, resetDb } from '../db/helpers';
import { leagueWith } from '../db/league-helpers';
import { signedCard } from '../transfer/fixtures';

let leagueId: string;
let students: PlayerRecord[];

beforeEach(async () => {
	await resetDb();
	const made = await leagueWith(['Ana', 'Ben', 'Cara']);
	leagueId = made.leagueId;
	students = [...made.students.values()];
});

/**
 * `n` signed cards of this league, as phones turn them in: none of them on this device. Each of
 * six in a row plays another number of hands, so that none is a copy of another's play.
 */
async function phonesCards(n: number): Promise<ReceivedCard[]> {
	const out: ReceivedCard[] = [];
	for (let i = 0; i < n; i++) {
		out.push(await signedCard(students.slice(0, 2), (i % 6) + 1, { leagueId }));
	}
	await db.transaction('rw', db.games, db.logs, db.gameSignatures, async () => {
		await db.games.clear();
		await db.logs.clear();
		await db.gameSignatures.clear();
	});
	return out;
}

/** A card whose count was changed after everyone signed: it is refused. */
function changed(card: ReceivedCard): ReceivedCard {
	const copy = structuredClone(card);
	const score = copy.events.find((e) => e.event.type === 'score');
	if (score?.event.type === 'score') score.event.count += 5;
	return copy;
}

/** Every page of what the inbox shows, in order. */
async function allPages(shown: InboxShown) {
	const pages = [];
	let after: inbox.InboxCursor | null = null;
	do {
		const page = await inboxPage(leagueId, shown, after);
		pages.push(page);
		after = page.next;
	} while (after && pages.length < 10);
	return pages;
}

describe('inboxPage (issue 39: the inbox a page at a time)', () => {
	it('shows the latest received first, a page at a time, each card once', async () => {
		const cards = await phonesCards(INBOX_PAGE + 5);
		// Three cards at each minute: the cards of one time split across pages by id.
		for (const [i, card] of cards.entries()) {
			await inbox.receive(leagueId, card, { now: at(Math.floor(i / 3)) });
		}
		const pages = await allPages('all');
		expect(pages.map((p) => p.items.length)).toEqual([INBOX_PAGE, 5]);
		expect(pages.at(-1)?.next).toBeNull();
		const shown = pages.flatMap((p) => p.items.map((i) => i.entry));
		expect(new Set(shown.map((e) => e.id)).size).toBe(cards.length);
		const order = shown.map((e) => [e.receivedAt, e.id]);
		const expected = [...order].sort(([a, x], [b, y]) =>
			a === b ? String(y).localeCompare(String(x)) : String(b).localeCompare(String(a))
		);
		expect(order).toEqual(expected);
	});

	it('shows exactly one page, and an empty inbox, without a next page', async () => {
		expect(await inboxPage(leagueId, 'all', null)).toEqual({
			items: [],
			next: null,
			waiting: 0,
			refused: 0
		});
		const cards = await phonesCards(INBOX_PAGE);
		for (const [i, card] of cards.entries()) await inbox.receive(leagueId, card, { now: at(i) });
		const page = await inboxPage(leagueId, 'all', null);
		expect([page.items.length, page.next]).toEqual([INBOX_PAGE, null]);
	});

	it('shows only the cards waiting for a choice, or only the refused, and counts both', async () => {
		const [counted, waits, refused, other] = await phonesCards(4);
		await inbox.receive(leagueId, counted!, { now: at(1) });
		// From nobody who says who sent it: it waits for the instructor to accept it.
		await inbox.receive(leagueId, waits!, { now: at(2), sender: null });
		await inbox.receive(leagueId, changed(refused!), { now: at(3) });
		await inbox.receive(leagueId, other!, { now: at(4) });
		const states = async (shown: InboxShown) =>
			(await inboxPage(leagueId, shown, null)).items.map((i) => [i.entry.gameId, i.entry.state]);
		expect(await states('all')).toEqual([
			[other!.game.id, 'counted'],
			[refused!.game.id, 'refused'],
			[waits!.game.id, 'conflict'],
			[counted!.game.id, 'counted']
		]);
		expect(await states('waiting')).toEqual([[waits!.game.id, 'conflict']]);
		expect(await states('refused')).toEqual([[refused!.game.id, 'refused']]);
		const page = await inboxPage(leagueId, 'all', null);
		expect([page.waiting, page.refused]).toEqual([1, 1]);
	});

	it('never shows or counts another league’s cards', async () => {
		const other = await leagueWith(['Zoe', 'Yan'], 'Period 5');
		const [mine] = await phonesCards(1);
		students = [...other.students.values()];
		const theirsLeague = leagueId;
		leagueId = other.leagueId;
		const [theirs] = await phonesCards(1);
		await inbox.receive(theirsLeague, mine!, { now: at(1) });
		await inbox.receive(other.leagueId, theirs!, { now: at(2), sender: null });
		const page = await inboxPage(theirsLeague, 'all', null);
		expect(page.items.map((i) => i.entry.gameId)).toEqual([mine!.game.id]);
		expect([page.waiting, page.refused]).toEqual([0, 0]);
		expect((await inboxPage(other.leagueId, 'waiting', null)).items).toHaveLength(1);
	});

	it('names each card’s group, and shows a counted card as the instructor corrected it', async () => {
		const [first, second] = await phonesCards(2);
		await inbox.receive(leagueId, first!, { now: at(1) });
		await inbox.receive(leagueId, second!, { now: at(2) });
		const ben = students[1] as PlayerRecord;
		await correct(first!.game.id, { player: ben.id, points: 10, note: 'Missed 10' });
		const { items } = await inboxPage(leagueId, 'all', null);
		expect(items.map((i) => i.group)).toEqual([
			'Group 1, Mon 12 Jan 2026',
			'Group 1, Mon 12 Jan 2026'
		]);
		expect(items.map((i) => i.corrected?.corrections?.map((c) => c.points))).toEqual([
			undefined,
			[10]
		]);
	});
});

describe('inboxShown', () => {
	it.each([
		['waiting', 'waiting'],
		['refused', 'refused'],
		[null, 'all'],
		['all', 'all'],
		['counted', 'all'],
		['<script>', 'all']
	])('reads %s from the address as %s', (text, shown) => {
		expect(inboxShown(text)).toBe(shown);
	});
});

describe('groupNames', () => {
	it('names each handed-out group’s game by its group and its session’s day', async () => {
		const { leagueId, students } = await leagueWith(['Ana', 'Ben', 'Cara', 'Dan', 'Eve', 'Fay']);
		const ids = [...students.values()].map((p) => p.id);
		const first = await sessions.create(leagueId, '2026-11-24');
		await sessions.setPresent(first.id, ids);
		await sessions.arrange(first.id, [ids.slice(0, 2), ids.slice(2, 4), ids.slice(4)]);
		await handOut(first.id);
		const second = await sessions.create(leagueId, '2026-12-01');
		await sessions.setPresent(second.id, ids);
		await sessions.arrange(second.id, [ids.slice(0, 3), ids.slice(3)]);
		await sessions.startGame(second.id, 1);

		const games = (await sessions.get(first.id)).groups.map((g) => g.gameId as string);
		const later = (await sessions.get(second.id)).groups;
		expect(later[0]?.gameId).toBeNull();
		const laterGame = later[1]?.gameId as string;
		const asked = [
			...games.map((id) => ({ id, sessionId: first.id })),
			{ id: laterGame, sessionId: second.id },
			// Not a game of its session, a session not held, no session: no name.
			{ id: 'elsewhere', sessionId: first.id },
			{ id: 'gone', sessionId: 'no-such-session' },
			{ id: 'friendly', sessionId: null }
		];
		const names = await groupNames(leagueId, asked);
		expect(games.map((g) => names.get(g))).toEqual([
			'Group 1, Tue 24 Nov 2026',
			'Group 2, Tue 24 Nov 2026',
			'Group 3, Tue 24 Nov 2026'
		]);
		expect(names.get(laterGame)).toBe('Group 2, Tue 1 Dec 2026');
		expect(names.size).toBe(4);
	});

	it('names no game of another league’s session, whatever its card says', async () => {
		const { leagueId } = await leagueWith(['Ana', 'Ben']);
		const other = await leagueWith(['Cara', 'Dan'], 'Period 4');
		const ids = [...other.students.values()].map((p) => p.id);
		const theirs = await sessions.create(other.leagueId, '2026-11-24');
		await sessions.setPresent(theirs.id, ids);
		await sessions.arrange(theirs.id, [ids]);
		await handOut(theirs.id);
		const gameId = (await sessions.get(theirs.id)).groups[0]?.gameId as string;
		const asked = [{ id: gameId, sessionId: theirs.id }];
		expect((await groupNames(other.leagueId, asked)).get(gameId)).toBe('Group 1, Tue 24 Nov 2026');
		expect((await groupNames(leagueId, asked)).size).toBe(0);
	});
});
