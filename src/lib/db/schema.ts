import Dexie, { type Transaction } from 'dexie';
import { lockedWithResult } from '$lib/card/locked';
import type { InboxRecord } from '$lib/card/backup-records';
import type {
	EventRecord,
	FiguresRecord,
	GameRecord,
	SessionRecord,
	SignatureRecord,
	VerdictRecord
} from '$lib/card/records';
import type { CardOnDay, StudentTotalsRecord, Wins } from '$lib/card/totals';

/**
 * What version 6's upgrade needs to fill the standings' pages, loaded only by a device that
 * upgrades from an older version. `waitFor` keeps the upgrade's transaction open meanwhile.
 */
function version6Tools() {
	return Dexie.waitFor(import('$lib/card/contributions'));
}

/**
 * What version 8's upgrade needs to judge the cards (the engine and the hashing): loaded only
 * by a device that upgrades from an older version, not with every first screen. `waitFor`
 * keeps the upgrade's transaction open meanwhile.
 */
function version8Tools() {
	return Dexie.waitFor(
		Promise.all([
			import('$lib/card/game-check'),
			import('$lib/rules/canonical'),
			import('$lib/card/verdicts')
		])
	);
}

/**
 * What versions 10 and 11 need to give the kept verdicts their hands (the engine's replay) and
 * to keep the signed cards' logs: loaded only by a device that upgrades from an older version.
 */
function verdictTools() {
	return Dexie.waitFor(import('$lib/card/verdicts'));
}

/** What version 12 needs to give the counted cards their figures (the engine's replay). */
function figureTools() {
	return Dexie.waitFor(import('$lib/card/figures'));
}

/** One game's events in order, inside an upgrade's transaction. */
function eventsOfGame(tx: Transaction, gameId: string): Promise<EventRecord[]> {
	return tx
		.table('events')
		.where('[gameId+seq]')
		.between([gameId, -Infinity], [gameId, [[]]])
		.toArray();
}

/**
 * Runs `work` over `items` a few hundred at a time, each batch's reads in flight at once: a
 * school holds thousands of cards, and one request at a time would keep an upgrade waiting.
 */
async function inBatches<T, R>(items: T[], work: (batch: T[]) => Promise<R>): Promise<void> {
	for (let i = 0; i < items.length; i += 200) await work(items.slice(i, i + 200));
}

/**
 * Declares the versions of the schema that upgrade data, oldest first, and the latest, on `db`.
 *
 * A version with an upgrade is never edited or removed: a phone that still holds an older one
 * upgrades through it, so a change is always a new `db.version(n)` below. The versions that
 * only added tables (1, 4, 5 and 9) are not declared: Dexie (3 and later) reads the schema a
 * database holds from the database itself, so their tables are declared with the next version
 * that upgrades, and a phone at one of them still upgrades through every later upgrade. Dexie
 * works out each declared version's schema again at every `version()` call, which a cold start
 * pays for on every page: six versions instead of ten (bench figures in docs/speed.md). The
 * latest is declared even when it only adds indexes: the next version that upgrades data
 * declares them with its own, as 15 does 14's.
 *
 * Schema strings list the primary key first, then only the properties some query looks
 * records up by; every other field is stored without being named here (see `records.ts` for
 * the full shapes).
 *
 * IndexedDB leaves a record out of an index whose value is `null` or missing, so an index on
 * an optional field (a game's league) only holds the records that have one.
 */
export function declareSchema(db: Pick<Dexie, 'version'>): void {
	// Version 2: sign-off (issue 4): players sign finished cards. With it, version 1's tables.
	db.version(2)
		.stores({
			// Version 1's tables:
			// nameKey: "is this name already a player?" in one lookup, whatever the case or spacing.
			// leagueId: a league's roster (the league issue); players of quick games are left out.
			players: 'id, nameKey, leagueId',
			// [status+createdAt]: the home screen's "in progress" and "finished" lists, newest first,
			//   read straight from the index.
			// *seats: every game a player sat in (a student's page), one index entry per seat.
			// leagueId, sessionId: a league's and a class session's games (the league issue).
			games: 'id, [status+createdAt], *seats, leagueId, sessionId',
			// [gameId+seq] is the primary key: a game's events come back in order from one range,
			//   and two writers can never store two events at the same place in a game.
			events: '[gameId+seq]',
			// key: one row per device-wide setting (the device id).
			meta: 'key',
			// gameId: a card's signatures, those that count and those set aside, in one range.
			signatures: 'id, gameId'
		})
		.upgrade((tx) =>
			// Every game record gets the new fields (records.ts: null, never missing); a game
			// finished before this version is simply not signed yet.
			tx
				.table('games')
				.toCollection()
				.modify((game: Record<string, unknown>) => {
					game.signedAt ??= null;
					game.fingerprint ??= null;
					game.result ??= null;
				})
		);

	// Version 3: the league (issue 5).
	db.version(3)
		.stores({
			// Every league of the device is listed at once (a handful), so only the key.
			leagues: 'id',
			// [leagueId+date]: a league's sessions in date order from one range; the term's
			//   earlier groups (the pairs already seen) come from the same range.
			sessions: 'id, [leagueId+date]'
			// games gain voidedAt and voidReason, which nothing looks up by: no index.
		})
		.upgrade((tx) =>
			tx
				.table('games')
				.toCollection()
				.modify((game: Record<string, unknown>) => {
					game.voidedAt ??= null;
					game.voidReason ??= null;
				})
		);

	// Version 6: standings at scale (issue 8). With it, the tables of versions 4 (UDL matches,
	// issue 7) and 5 (cards and invites between devices, issue 6).
	db.version(6)
		.stores({
			// *gameIds: the match a game belongs to, in one lookup from the game's page; a match's
			//   clocks and play timer marks ride on its record, which nothing looks up by.
			matches: 'id, *gameIds',
			// leagueId: a league's inbox on the instructor's device, in one range.
			// gameId: every version received of one card, to tell a copy from a second version.
			inbox: 'id, leagueId, gameId',
			// gameId: "was this card turned in?" on a student's phone, in one lookup.
			turnIns: 'gameId',
			// What each counted card contributes to the standings, on pages (contributions.ts).
			// [leagueId+page]: a league's pages in one range. Kept by upkeep.ts in
			//   every transaction that writes games, including the upgrades after this one.
			contributions: '[leagueId+page]'
		})
		.upgrade(async (tx) => {
			const { pagesOf } = await version6Tools();
			const games: GameRecord[] = await tx.table('games').toArray();
			await tx.table('contributions').bulkAdd(pagesOf(games));
		});

	// Version 8: signature verdicts at a school's scale (issue 14).
	db.version(8)
		.stores({
			// Whether each signed card still matches what was signed (verdicts.ts), kept by
			// upkeep.ts in every transaction that writes games, events or signatures.
			// [leagueId+changed]: a league's cards changed after signing, in one range (most
			//   leagues have none); gameId: a card's own verdict.
			verdicts: 'gameId, [leagueId+changed]',
			// Version 1's indexes, and two for pages that show a few games of many:
			// [leagueId+createdAt+id]: a league's cards a page at a time, the latest first;
			// [status+finishedAt]: Home's last finished games, without reading the others.
			games:
				'id, [status+createdAt], *seats, leagueId, sessionId, [leagueId+createdAt+id], [status+finishedAt]'
		})
		.upgrade(async (tx) => {
			const [{ resultOfEvents }, { canonicalJson }, { verdictOf }] = await version8Tools();
			const locked: GameRecord[] = await tx.table('games').filter(lockedWithResult).toArray();
			for (const stored of locked) {
				const events = await eventsOfGame(tx, stored.id);
				// A result the events do not give (restored from a forged backup by an older
				// version) is replaced by theirs (issue 13): the standings count the signed play.
				const result = resultOfEvents(stored, events);
				const record =
					canonicalJson(result) === canonicalJson(stored.result) ? stored : { ...stored, result };
				if (record !== stored) await tx.table('games').put(record);
				const signed: SignatureRecord[] = await tx
					.table('signatures')
					.where('gameId')
					.equals(record.id)
					.toArray();
				const verdict = verdictOf(record, events, signed);
				if (verdict) await tx.table('verdicts').put(verdict);
			}
		});
	// Version 10: the hands export at a school's scale (issue 14). A verdict keeps its card's
	// hands (`verdicts.ts`, `hands`), so the export reads them instead of every log; the
	// verdicts kept before are given theirs here. With it, version 9's tables (the class loop,
	// issue 15), which hold this device's own state, like `meta`: backups leave them out.
	db.version(10)
		.stores({
			// A phone's groups from a group's or a session's code, one per game: gameId is the
			//   group's game; sessionId, a session's groups held here (a phone picks its own).
			assignments: 'gameId, sessionId',
			// gameId: the instructor's receipt for a card this phone turned in, in one lookup.
			receipts: 'gameId'
		})
		.upgrade(async (tx) => {
			const { handsOf } = await verdictTools();
			const verdicts: VerdictRecord[] = await tx.table('verdicts').toArray();
			await inBatches(verdicts, (batch) =>
				Promise.all(
					batch.map(async (verdict) => {
						const record: GameRecord | undefined = await tx.table('games').get(verdict.gameId);
						if (!record) return;
						const events = await eventsOfGame(tx, record.id);
						await tx.table('verdicts').put({ ...verdict, hands: handsOf(record, events) });
					})
				)
			);
		});

	// Version 11: the events export at a school's scale (issue 14). Each signed card's whole log
	// in one record (`SignedLogRecord`), kept with its verdict by upkeep.ts, so the
	// export reads one record per card instead of each event; filled here for the verdicts kept
	// before. gameId only: the export looks them up by game.
	db.version(11)
		.stores({ signedLogs: 'gameId' })
		.upgrade(async (tx) => {
			const { keptLog } = await verdictTools();
			const gameIds = (await tx.table('verdicts').toCollection().primaryKeys()) as string[];
			await inBatches(gameIds, async (batch) => {
				const logs = await Promise.all(
					batch.map(async (gameId) => keptLog(gameId, await eventsOfGame(tx, gameId)))
				);
				await tx.table('signedLogs').bulkPut(logs);
			});
		});

	// Version 12: the league's insights (issue 41). What each counted card says about each
	// student who played it (`FiguresRecord`), kept by upkeep.ts with the card's verdict, so the
	// insights' pages read it instead of replaying every log; filled here for the cards counted
	// before: those with a verdict that checks out.
	db.version(12)
		.stores({
			// leagueId: every counted card of a league, for its pages and files.
			// *players: a student's counted cards, for their page (a roster's student is in one
			//   league, so their id alone finds them).
			figures: 'gameId, leagueId, *players'
		})
		.upgrade(async (tx) => {
			const { figuresAfresh } = await figureTools();
			const verdicts: VerdictRecord[] = await tx.table('verdicts').toArray();
			const sound = verdicts.filter((v) => v.changed === 0).map((v) => v.gameId);
			await inBatches(sound, async (batch) => {
				const found = await Promise.all(
					batch.map(async (gameId) => {
						const record: GameRecord | undefined = await tx.table('games').get(gameId);
						return record ? figuresAfresh(record, await eventsOfGame(tx, gameId), false) : null;
					})
				);
				await tx.table('figures').bulkPut(found.filter((f) => f !== null));
			});
		});

	// Version 13: a copy of a card is found by what was played, times and ids left out
	// (issue 37). [leagueId+content]: the league's cards with the same play, in one lookup
	// (the inbox read the whole league's inbox for it). The contents kept before were hashed
	// with each entry's time, so they are worked out again here.
	db.version(13)
		.stores({ inbox: 'id, leagueId, gameId, [leagueId+content]' })
		.upgrade(async (tx) => {
			const { contentOf } = await Dexie.waitFor(import('$lib/card/game-check'));
			const ids = (await tx.table('inbox').toCollection().primaryKeys()) as string[];
			await inBatches(ids, async (batch) => {
				const held = (await tx.table('inbox').bulkGet(batch)) as (InboxRecord | undefined)[];
				const records = held.filter((r): r is InboxRecord => r !== undefined);
				await tx
					.table('inbox')
					.bulkPut(records.map((r) => ({ ...r, content: contentOf(r.card.game, r.card.events) })));
			});
		});

	// Version 15: a league's counted cards added up per student and per day (issue 41), kept by
	// upkeep.ts with the figures, so the insights page reads one record per student (it read
	// every counted card's figures: 841 ms at 10 classes, budget 500); filled here from the
	// figures held.
	// With it, version 14's indexes (it added only those, so it is not declared): the inbox is
	// shown a page at a time, the latest first (issue 39: a school's league receives thousands
	// of cards). [leagueId+receivedAt] reads a page of every card, [leagueId+state+receivedAt] a
	// page of those in one state (the ones waiting for the instructor). IndexedDB fills indexes
	// from the rows held.
	db.version(15)
		.stores({
			inbox:
				'id, leagueId, gameId, [leagueId+content], [leagueId+receivedAt], [leagueId+state+receivedAt]',
			studentTotals: '[leagueId+player]',
			dayTotals: '[leagueId+date]'
		})
		.upgrade(async (tx) => {
			const [{ totalsOf }, { dayOfTime }] = await Dexie.waitFor(
				Promise.all([import('$lib/card/totals'), import('$lib/days')])
			);
			const dates = new Map<string, string>();
			await tx.table('sessions').each((s: SessionRecord) => dates.set(s.id, s.date));
			const cards: CardOnDay[] = [];
			await tx.table('figures').each((figures: FiguresRecord) =>
				cards.push({
					figures,
					date:
						(figures.sessionId ? dates.get(figures.sessionId) : undefined) ??
						dayOfTime(figures.endedAt)
				})
			);
			const { students, days } = totalsOf(cards);
			await tx.table('studentTotals').bulkPut(students);
			await tx.table('dayTotals').bulkPut(days);
		});

	// Version 16: a game's whole log in one record (`LogRecord`, issue 39): a restore of 10
	// classes wrote 162,000 event records, most of its time. Version 11's kept logs of the
	// signed cards go: the events export reads the logs themselves, one record a card too. The
	// events move in pages of `MOVE_EVENTS`, in key order (a game's events together), so an
	// upgrade never holds a school's log at once.
	db.version(16)
		.stores({ logs: 'gameId', events: null, signedLogs: null })
		.upgrade(async (tx) => {
			const { logsOfEvents } = await Dexie.waitFor(import('$lib/card/records'));
			let after: [string, number] | null = null;
			let carried: EventRecord[] = [];
			for (;;) {
				const from: [string, number] | null = after;
				const events = tx.table('events');
				const page: EventRecord[] = await (
					from ? events.where(':id').above(from) : events.toCollection()
				)
					.limit(MOVE_EVENTS)
					.toArray();
				const last = page.at(-1);
				// The last game of a page may go on in the next: it waits for it.
				const whole = last ? [...carried, ...page] : carried;
				carried = last ? whole.filter((e) => e.gameId === last.gameId) : [];
				await putRaw(
					tx,
					'logs',
					logsOfEvents(last ? whole.filter((e) => e.gameId !== last.gameId) : whole)
				);
				if (!last) return;
				after = [last.gameId, last.seq];
			}
		});

	// Version 17: a game's signatures in one record (`GameSignaturesRecord`, issue 39): a card of
	// four players was four records, and each record a restore writes costs about what a record
	// of the whole card's signatures costs (a restore of 10 classes: 9.1-9.4 s with its 21,600
	// signature records, 7.8-8.6 s with 5,400, docs/speed.md). They move `MOVE_GAMES` games at a
	// time, in the order of their games' ids, each range of games read whole, so an upgrade never
	// holds a school's signatures at once. Below the upkeep (`putRaw`): the same signatures, the
	// same verdicts.
	db.version(17)
		.stores({ gameSignatures: 'gameId', signatures: null })
		.upgrade(async (tx) => {
			const [{ signaturesByGame }, { bySigning }] = await Dexie.waitFor(
				Promise.all([import('$lib/card/records'), import('$lib/card/signing-order')])
			);
			const signatures = tx.table('signatures');
			const games = (await signatures.orderBy('gameId').uniqueKeys()) as string[];
			for (let i = 0; i < games.length; i += MOVE_GAMES) {
				const ids = games.slice(i, i + MOVE_GAMES);
				const rows: SignatureRecord[] = await signatures
					.where('gameId')
					.between(ids[0], ids.at(-1), true, true)
					.toArray();
				await putRaw(tx, 'gameSignatures', signaturesByGame(rows.sort(bySigning)));
			}
		});

	// Version 18: the standings read the kept totals (issue 39: at 100 classes the standings page
	// read every counted card, 13 MB of text, and was usable after 1.7 s against a budget of 1 s).
	// A student's totals gain their games won and shared; a counted card's figures gain the
	// instructor's corrections and `correctedIn`, the index of a league's corrected cards. Filled
	// here from the figures held, `MOVE_GAMES` cards at a time, and their games' results.
	db.version(18)
		.stores({ figures: 'gameId, leagueId, *players, correctedIn' })
		.upgrade(async (tx) => {
			const { addWins, keyOf } = await Dexie.waitFor(import('$lib/card/totals'));
			const wins = new Map<string, Wins>();
			const figures = tx.table('figures');
			let after: string | null = null;
			for (;;) {
				const from: string | null = after;
				const page: FiguresRecord[] = await (
					from === null ? figures.orderBy(':id') : figures.where(':id').above(from)
				)
					.limit(MOVE_GAMES)
					.toArray();
				if (page.length === 0) break;
				after = page.at(-1)!.gameId;
				addWins(wins, page);
				const games = (await tx.table('games').bulkGet(page.map((f) => f.gameId))) as (
					GameRecord | undefined
				)[];
				const corrected = page.flatMap((f, i): FiguresRecord[] => {
					const corrections = games[i]?.result?.corrections;
					return corrections
						? [{ ...f, corrections: corrections.map((c) => ({ ...c })), correctedIn: f.leagueId }]
						: [];
				});
				await putRaw(tx, 'figures', corrected);
			}
			await tx
				.table('studentTotals')
				.toCollection()
				.modify((totals: StudentTotalsRecord) => {
					const held = wins.get(keyOf([totals.leagueId, totals.player]));
					totals.won = held?.won ?? 0;
					totals.shared = held?.shared ?? 0;
				});
		});
}

/** Games the version 17 and 18 upgrades move or fill at a time. */
const MOVE_GAMES = 500;

/** Events the version 16 upgrade moves at a time. */
const MOVE_EVENTS = 5_000;

/**
 * Puts `records` into `table` below Dexie, in an upgrade's transaction: moving the logs changes
 * nothing derived, so the upkeep (`upkeep.ts`), which would judge every signed card again on a
 * write to `logs`, is not asked.
 */
function putRaw(tx: Transaction, table: string, records: readonly unknown[]): Promise<void> {
	if (records.length === 0) return Promise.resolve();
	const store = tx.idbtrans.objectStore(table);
	return new Promise((resolve, reject) => {
		let request: IDBRequest | undefined;
		for (const record of records) request = store.put(record);
		request!.onsuccess = () => resolve();
		request!.onerror = () => reject(request!.error);
	});
}
