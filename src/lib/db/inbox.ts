/**
 * The instructor's inbox: signed cards received from the class's phones, by QR code or file.
 *
 * Every card is checked on arrival: its fingerprint is computed here from its events, every
 * player must have signed that fingerprint, it must be for this league, and its players must
 * be on this roster. A card that passes is stored as a game of the league, with its events and
 * signatures, so the standings count it through `cards.countsInStandings` like any other; a
 * card that fails stays in the inbox only, with its reasons, and counts nowhere. The same card
 * twice is one record (`gameId:fingerprint`); two versions that both pass are both kept as
 * `conflict`, neither counting, until the instructor chooses one.
 */
import Dexie from 'dexie';
import { examine, rosterReasons, type Checked } from '$lib/card/card-check';
import { timestamp } from './clock';
import { db } from './db';
import { DbError, guard } from './errors';
import { notePrint } from './upkeep';
import { latestPage } from './latest-page';
import { assertOwnIds, assertSameLeague } from '$lib/card/incoming-check';
import type { InboxRecord, InboxState } from '$lib/card/backup-records';
import { signaturesByGame, type ReceivedCard } from '$lib/card/records';
import { inboxEntry, placing, type CardSender } from '$lib/card/inbox-rule';
import { phoneName } from '$lib/card/phone-name';

export { BrokenCardError } from '$lib/card/card-check';

async function eraseGame(gameId: string): Promise<void> {
	await db.logs.delete(gameId);
	await db.gameSignatures.delete(gameId);
	await db.games.delete(gameId);
}

/** Stores a checked card as a game of the league, replacing any other version of it. */
async function store(entry: InboxRecord): Promise<void> {
	await eraseGame(entry.gameId);
	await db.games.add(entry.card.game);
	// A game without entries has no log record, as a new game has none.
	if (entry.card.events.length > 0) {
		await db.logs.add({ gameId: entry.gameId, events: entry.card.events });
	}
	await db.gameSignatures.bulkPut(signaturesByGame(entry.card.signatures));
}

/**
 * The words for the phone that sent a card: the group whose card first came signed by its key
 * ("Group 3’s phone"), remembered on this device; the school server's name for it; or none.
 */
async function phoneOf(
	sender: CardSender | undefined,
	group: number | null
): Promise<string | undefined> {
	if (!sender) return undefined;
	if ('server' in sender) return sender.server;
	const row = await db.meta.get('phones');
	const known = row?.key === 'phones' ? row.value : [];
	const seen = known.find((p) => p.key === sender.key);
	if (seen) return seen.name;
	if (group === null) return undefined;
	const name = phoneName(group);
	await db.meta.put({ key: 'phones', value: [...known, { key: sender.key, name }] });
	return name;
}

/**
 * The group (1 for the first) whose handed-out game `game` is, in a session of league
 * `leagueId`: the card's place, where it counts by itself (issue 37). Null when it has none.
 */
async function placeOf(
	game: { id: string; sessionId: string | null },
	leagueId: string
): Promise<number | null> {
	if (!game.sessionId) return null;
	const session = await db.sessions.get(game.sessionId);
	if (session?.leagueId !== leagueId) return null;
	const index = session.groups.findIndex((g) => g.gameId === game.id);
	return index === -1 ? null : index + 1;
}

/**
 * Receives `card` into league `leagueId`'s inbox and, when it passes every check, into its
 * standings. Receiving the same card again changes nothing and gives back its first record.
 * A card counts by itself only in its place, a group's game handed out in a class session, and
 * from a sender that says who it is; any other waits for the instructor to accept it (issue 37).
 * One `rw` transaction: the inbox record and the game go in together or not at all.
 * @throws BrokenCardError (code `transfer-damaged`) for a card that cannot be a game
 * @throws DbError `not-found` (league)
 */
export async function receive(
	leagueId: string,
	card: ReceivedCard,
	opts: { now?: string; sender?: CardSender } = {}
): Promise<InboxRecord> {
	const checked = await examine(card, leagueId);
	return guard(() =>
		db.transaction(
			'rw',
			[
				db.inbox,
				db.games,
				db.logs,
				db.gameSignatures,
				db.players,
				db.leagues,
				db.sessions,
				db.meta
			],
			// An async callback of its own: Dexie follows its transaction through native awaits
			// only from one (a plain arrow handing back another function's promise commits too early).
			async () => await receiveChecked(checked, leagueId, opts)
		)
	);
}

/**
 * `receive` of a card `examine` has checked, inside the caller's `rw` transaction over the
 * inbox, games, logs, signatures, players, leagues, sessions and meta: a backup merged from
 * outside this device brings its cards for the leagues held here this way (`store-dump.ts`),
 * under the inbox's rules (`fromBackup`: the reason it waits says so).
 * @throws DbError `not-found` (league)
 */
export async function receiveChecked(
	checked: Checked,
	leagueId: string,
	opts: { now?: string; sender?: CardSender; fromBackup?: boolean } = {}
): Promise<InboxRecord> {
	if (!(await db.leagues.get(leagueId))) throw new DbError('not-found', { what: 'league' });
	const held = await db.inbox.get(`${checked.game.id}:${checked.fingerprint}`);
	// A refused copy (a wrong lock, say) must not turn the genuine card away: only a
	// card that passed is "already received".
	if (held && held.state !== 'refused') return held;
	const roster = await db.players.bulkGet(checked.game.seats);
	const reasons = rosterReasons(checked, leagueId, roster);
	const entry = inboxEntry(checked, leagueId, timestamp(opts.now), 'refused', reasons);
	if (reasons.length > 0) {
		await db.inbox.put(entry);
		return entry;
	}
	const group = await placeOf(checked.game, leagueId);
	const sentBy = await phoneOf(opts.sender, group);
	if (sentBy !== undefined) entry.sentBy = sentBy;
	assertOwnIds(entry.card.signatures);
	// The [leagueId+content] index (schema version 13).
	const copyOf = await db.inbox
		.where({ leagueId, content: entry.content })
		.filter((r) => r.gameId !== entry.gameId && (r.state === 'counted' || r.state === 'conflict'))
		.first();
	if (copyOf) {
		// The same play saved under another game id: one game, not two wins. It waits
		// for the instructor's choice; the card received first keeps counting.
		entry.state = 'conflict';
		entry.reasons = [{ code: 'inbox-copy' }];
		await db.inbox.put(entry);
		return entry;
	}
	const rivals = (await db.inbox.where('gameId').equals(entry.gameId).toArray()).filter(
		(r) => r.state === 'counted' || r.state === 'conflict'
	);
	const local = await db.games.get(entry.gameId);
	// A game of this device outside this league is not a version of this card.
	if (local) assertSameLeague([entry.card.game], new Map([[local.id, local]]));
	const goes = placing({
		group,
		sender: opts.sender,
		fromBackup: opts.fromBackup ?? false,
		rivals: rivals.length,
		local,
		fingerprint: entry.fingerprint
	});
	if (goes.kind === 'waits') {
		entry.state = 'conflict';
		entry.reasons = goes.reasons;
	} else if (goes.kind === 'counts') {
		entry.state = 'counted';
		// Hashed once here, by `examine`: the upkeep judges the stored card with that.
		notePrint(checked.text, checked.fingerprint);
		if (goes.store) await store(entry);
	} else {
		entry.state = 'conflict';
		// A received version that counted stops counting until the choice; a game
		// recorded on this device itself stays, as it is not in the inbox to restore.
		if (rivals.length > 0 && local) await eraseGame(entry.gameId);
		await db.inbox.bulkPut(rivals.map((r) => ({ ...r, state: 'conflict' as const })));
	}
	await db.inbox.put(entry);
	return entry;
}

/**
 * The instructor chooses which version of a card counts: `id`'s version is stored as the game,
 * the other versions are set aside (kept, not counted).
 * @throws DbError `not-in-inbox` when `id` is gone or is not a version waiting for a choice
 */
export async function choose(id: string): Promise<InboxRecord> {
	return guard(() =>
		db.transaction('rw', [db.inbox, db.games, db.logs, db.gameSignatures], async () => {
			const chosen = await db.inbox.get(id);
			if (!chosen || chosen.state === 'refused') throw new DbError('not-in-inbox');
			const others = await db.inbox.where('gameId').equals(chosen.gameId).toArray();
			await db.inbox.bulkPut(
				others
					.filter((r) => r.id !== id && r.state !== 'refused')
					.map((r) => ({ ...r, state: 'set-aside' as const }))
			);
			const counted = { ...chosen, state: 'counted' as const };
			assertOwnIds(counted.card.signatures);
			await db.inbox.put(counted);
			await store(counted);
			return counted;
		})
	);
}

/**
 * Removes a refused card from the inbox: it never counted, so nothing else changes.
 * @throws DbError `not-in-inbox` when `id` is gone or is not a refused card
 */
export async function dismiss(id: string): Promise<void> {
	await guard(() =>
		db.transaction('rw', db.inbox, async () => {
			const entry = await db.inbox.get(id);
			if (!entry || entry.state !== 'refused') throw new DbError('not-in-inbox');
			await db.inbox.delete(id);
		})
	);
}

/** Where a page of the inbox ends: the next page starts after this card. */
export interface InboxCursor {
	receivedAt: string;
	id: string;
}

/**
 * One page of league `leagueId`'s inbox, the latest received first (then by id), only the cards
 * in `state` when it is given, starting after `after`: `size` cards at most, read in one bounded
 * request (schema version 14's indexes), and the cursor of the next page (null on the last). A
 * school's league receives thousands of cards; a page never reads them all.
 */
export async function page(
	leagueId: string,
	opts: { state?: InboxState | null; after?: InboxCursor | null; size: number }
): Promise<{ entries: InboxRecord[]; next: InboxCursor | null }> {
	const { state, after, size } = opts;
	const upTo = after?.receivedAt ?? Dexie.maxKey;
	const range = state
		? db.inbox
				.where('[leagueId+state+receivedAt]')
				.between([leagueId, state, Dexie.minKey], [leagueId, state, upTo], true, true)
		: db.inbox
				.where('[leagueId+receivedAt]')
				.between([leagueId, Dexie.minKey], [leagueId, upTo], true, true);
	// Cards received at the cursor's own time sort by id: those at or above it were on the page
	// before.
	const { items, next } = await guard(() =>
		latestPage(
			range,
			after ? (r) => r.receivedAt < after.receivedAt || r.id < after.id : null,
			size,
			(r) => ({ receivedAt: r.receivedAt, id: r.id })
		)
	);
	return { entries: items, next };
}

/** How many of league `leagueId`'s cards are in each of `states`, counted on the index alone. */
export async function countsOf(
	leagueId: string,
	states: readonly InboxState[]
): Promise<Map<InboxState, number>> {
	const counts = await guard(() =>
		Promise.all(
			states.map((state) =>
				db.inbox
					.where('[leagueId+state+receivedAt]')
					.between([leagueId, state, Dexie.minKey], [leagueId, state, Dexie.maxKey], true, true)
					.count()
			)
		)
	);
	return new Map(states.map((state, i) => [state, counts[i] ?? 0]));
}

/**
 * The state of each version of game `gameId`'s card held in the inbox, by record id: what
 * a card received again is told ("already received" only for the same outcome). A game has a
 * few versions at most, read on their own index.
 */
export async function statesOf(gameId: string): Promise<Map<string, InboxState>> {
	const held = await guard(() => db.inbox.where('gameId').equals(gameId).toArray());
	return new Map(held.map((r) => [r.id, r.state]));
}

/** Which phone sent game `gameId`'s card as `fingerprint` (issue 37), when one said so. */
export async function sentBy(gameId: string, fingerprint: string): Promise<string | null> {
	const entry = await guard(() => db.inbox.get(`${gameId}:${fingerprint}`));
	return entry?.sentBy ?? null;
}

/** Whether a version of game `gameId`'s card is held here, counted or awaiting a choice. */
export async function holds(gameId: string): Promise<boolean> {
	const all = await guard(() => db.inbox.where('gameId').equals(gameId).toArray());
	return all.some((r) => r.state === 'counted' || r.state === 'conflict');
}
