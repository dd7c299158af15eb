/**
 * The checks a backup's part passes before a merge writes it, and what restoring a file would
 * do: the checks of what arrives, over the store's reads (`db/store-dump.ts` writes what they
 * allow, inside the transaction in which they ran). A merge compares each part with what the
 * device holds of the same records (`card/merge-plan.ts`); a file from outside this device
 * changes none of the leagues it holds, whose cards wait in their inbox instead
 * (`card/outside-part.ts`).
 */
import { examine } from '$lib/card/card-check';
import type { InboxRecord, StoreDump } from '$lib/card/backup-records';
import { inboxEntry } from '$lib/card/inbox-rule';
import { assertOwnIds, assertSameLeague, byGame } from '$lib/card/incoming-check';
import { lockedWithResult } from '$lib/card/locked';
import { TABLES, byId, mergePlan, type RestoreMode, type RestorePlan } from '$lib/card/merge-plan';
import { outsidePart, type OutsideCard } from '$lib/card/outside-part';
import type { GameRecord } from '$lib/card/records';
import { timestamp } from '$lib/db/clock';
import * as inbox from '$lib/db/inbox';
import { assertStudentIdsFree } from '$lib/db/incoming';
import * as storeDump from '$lib/db/store-dump';

/** What a restore of a file will do, and how many of its cards will wait in an inbox. */
export type FilePlan = RestorePlan & {
	/** Cards of a file from outside for leagues held here: they wait for the instructor. */
	waiting: number;
};

/**
 * The signed versions among `rivals`, each as a second version of its card waiting in its
 * league's inbox for the instructor's choice (`inbox.choose`), as if it had come by code: the
 * card the device counts keeps counting meanwhile. A version that is no whole signed card of
 * its league, or that the inbox already holds, is left out.
 */
async function conflictsFor(
	rivals: readonly GameRecord[],
	file: StoreDump
): Promise<InboxRecord[]> {
	const signed = rivals.filter(
		(g): g is GameRecord & { leagueId: string } => g.leagueId !== null && lockedWithResult(g)
	);
	if (signed.length === 0) return [];
	// Each rival's rows found once, not by a pass over the whole part per rival.
	const events = byGame(file.events);
	const signatures = byGame(file.signatures);
	const out: InboxRecord[] = [];
	const receivedAt = timestamp();
	for (const game of signed) {
		const card = {
			game,
			events: events.get(game.id) ?? [],
			signatures: signatures.get(game.id) ?? []
		};
		const checked = await examine(card, game.leagueId).catch(() => null);
		if (!checked || checked.reasons.length > 0) continue;
		const entry = inboxEntry(checked, game.leagueId, receivedAt, 'conflict');
		if (!(await inbox.statesOf(game.id)).has(entry.id)) out.push(entry);
	}
	return out;
}

/** Of `cards`, those the device does not hold already as they are (the same fingerprint). */
async function newCards(cards: readonly OutsideCard[]): Promise<OutsideCard[]> {
	const prints = await storeDump.heldPrints(cards.map((c) => c.card.game.id));
	// A game not held has no print here (undefined), which no card's fingerprint equals.
	return cards.filter((c) => prints.get(c.card.game.id) !== c.card.game.fingerprint);
}

/**
 * What merging the checked part `whole` writes, once the device's records of the same ids are
 * known not to be taken over by it: run inside the writer's transaction (`storeDump.writeBatch`),
 * and read only by a staged restore, which checks every part this way before it writes the
 * first (`backup/restore.ts`). With `outside` (the leagues the device held when the restore
 * began, for a file from outside), also the cards that go to the inbox, each checked to be a
 * game first.
 * @throws DbError `incoming-id-taken`; CardError `incoming-id-taken`, `student-id-taken`;
 * BrokenCardError (`transfer-damaged`) for a card that cannot be a game
 */
export const checkMerge: storeDump.MergeCheck = async (whole, outside) => {
	const split = outside ? outsidePart(whole, outside) : null;
	const file = split?.part ?? whole;
	const held = await storeDump.heldFor(file);
	const m = mergePlan(file, held, split !== null);
	assertSameLeague(m.games.write, byId(held.games));
	assertSameLeague(m.sessions.write, byId(held.sessions));
	assertSameLeague(m.players.write, byId(held.players));
	await assertStudentIdsFree(m.players.write);
	assertOwnIds(m.signatures.write);
	const conflicts = await conflictsFor(m.rivals, file);
	// Cards the device holds as they are bring nothing; the others are checked to be games now,
	// before anything is written.
	const cards = [];
	for (const c of await newCards(split?.cards ?? [])) {
		cards.push({ ...c, checked: await examine(c.card, c.leagueId) });
	}
	return { ...m, inbox: { ...m.inbox, write: [...m.inbox.write, ...conflicts] }, cards };
};

/**
 * What restoring the parts of a file in `mode` would do, without doing it: as `plan`, a part
 * at a time, each part compared with what the device holds of it.
 */
export async function planInParts(
	parts: AsyncIterable<StoreDump>,
	mode: RestoreMode,
	fromOutside = false
): Promise<FilePlan> {
	const out = { waiting: 0 } as FilePlan;
	for (const t of TABLES) out[t] = { added: 0, updated: 0, kept: 0, removed: 0 };
	if (mode === 'replace') {
		for await (const part of parts) for (const t of TABLES) out[t].added += part[t].length;
		const held = await storeDump.counts();
		for (const t of TABLES) out[t].removed = held[t];
		return out;
	}
	// Events and signatures: as `following`, over the whole file.
	const rows = {
		events: { file: 0, write: 0, replaced: 0 },
		signatures: { file: 0, write: 0, replaced: 0 }
	};
	const outside = fromOutside ? await storeDump.heldLeagues() : null;
	for await (const whole of parts) {
		const split = outside ? outsidePart(whole, outside) : null;
		const part = split?.part ?? whole;
		const m = await storeDump.snapshot(async () => {
			const held = await storeDump.heldFor(part);
			const merged = mergePlan(part, held, split !== null);
			const conflicts = await conflictsFor(merged.rivals, part);
			// A card of a league held here waits in the inbox; the device's game stays.
			const waiting = (await newCards(split?.cards ?? [])).length;
			const m = {
				...merged,
				inbox: { ...merged.inbox, added: merged.inbox.added + conflicts.length + waiting }
			};
			return { m, replaced: await storeDump.rowsOf(m.taken), waiting };
		});
		for (const t of [
			'leagues',
			'players',
			'sessions',
			'games',
			'matches',
			'inbox',
			'turnIns'
		] as const) {
			out[t].added += m.m[t].added;
			out[t].updated += m.m[t].updated;
			// What a file from outside may not change of a league held here is kept too.
			out[t].kept += m.m[t].kept + whole[t].length - part[t].length;
		}
		out.waiting += m.waiting;
		for (const t of ['events', 'signatures'] as const) {
			rows[t].file += whole[t].length;
			rows[t].write += m.m[t].write.length;
			rows[t].replaced += m.replaced[t];
		}
	}
	for (const t of ['events', 'signatures'] as const) {
		const { file, write, replaced } = rows[t];
		out[t] = {
			added: Math.max(0, write - replaced),
			updated: Math.min(write, replaced),
			kept: file - write,
			removed: Math.max(0, replaced - write)
		};
	}
	return out;
}
