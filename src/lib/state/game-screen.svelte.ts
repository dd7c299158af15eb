import { afterPaint, flushAfterPaint } from '$lib/after-paint';
import { timestamp } from '$lib/db/clock';
import { deviceId, knownDeviceId } from '$lib/db/device';
import * as gameWrites from '$lib/db/game-writes';
import { withEvent } from '$lib/db/game-view';
import * as games from '$lib/db/games';
import { plain } from '$lib/db/records';
import { narrate } from '$lib/rules/narrate';
import type { GameEvent, NewGameEvent } from '$lib/rules/types';
import { GameActions } from './game-actions.svelte';
import { loadGame, type LoadedGame } from './loaded-game';

export type { LoadedGame };

/** `a` and `b` hold the same stored game: the same record, log and names. */
function sameGame(a: LoadedGame, b: LoadedGame): boolean {
	return (
		a.events.length === b.events.length &&
		a.events.at(-1)?.event.id === b.events.at(-1)?.event.id &&
		JSON.stringify(a.record) === JSON.stringify(b.record) &&
		[...a.names].every(([id, name]) => b.names.get(id) === name)
	);
}

/** Where an error is shown: next to the action that caused it. */
export type Action = 'score' | 'muggins' | 'undo' | 'hand' | 'end' | 'penalty' | 'store';

/**
 * The scorecard's state: the live game, plus what the last action said. Every write goes
 * through the `games` module; a refusal becomes a sentence beside its action, and nothing
 * changes.
 */
export class GameScreen extends GameActions<Action> {
	/** The game as the last write of this tab left it, shown until the live query catches up. */
	#written = $state.raw<LoadedGame | null>(null);
	#notice = $state<{ text: string; canRedo: boolean; gameId: string } | null>(null);

	/** Create while the page initialises; `id` is read reactively (the route parameter). */
	constructor(id: () => string) {
		super(loadGame, id);
		// Entries a reload or a closed tab left unstored (see `game-writes.ts`), and the device
		// id a painted entry is stamped with, read once the first screen is drawn.
		afterPaint(() => void gameWrites.recover().then(() => deviceId()));
	}

	/**
	 * The game, or undefined while it loads. A write's own result is painted at once; the live
	 * query, which also sees other tabs' writes, takes over as soon as it has as many events.
	 * When it has read back exactly what was written, the written game stays: the same game
	 * is then not drawn a second time, a frame after the first.
	 */
	override get game(): LoadedGame | undefined {
		const live = this.live.current;
		const written = this.#written;
		if (!written || !live || written.record.id !== live.record.id) return live;
		if (written.events.length > live.events.length) return written;
		return sameGame(written, live) ? written : live;
	}

	/**
	 * The last thing recorded or undone, for the status line ("Undone: Ana 15"): only on the
	 * game it was recorded in, not on the next game of a match, which opens on the same page.
	 */
	get notice(): { text: string; canRedo: boolean } | null {
		const notice = this.#notice;
		return notice && notice.gameId === this.game?.record.id ? notice : null;
	}

	#say(event: GameEvent, prefix = ''): string {
		const game = this.game;
		return game ? `${prefix}${narrate(event, game.ruleset, this.name)}` : prefix;
	}

	async #write(
		action: Action,
		work: (id: string) => Promise<games.Appended>,
		describe: (a: games.Appended) => string
	): Promise<boolean> {
		const base = this.game;
		const result = await this.run(action, work);
		if (!result) return false;
		if (base) this.#written = { ...result, ruleset: base.ruleset, names: base.names };
		this.#notice = {
			text: describe(result),
			canRedo: result.redoable !== null,
			gameId: result.record.id
		};
		return true;
	}
	/**
	 * Records an event; returns whether it was accepted. The board shows it at once: the rules
	 * check it against the game shown, the new total is painted, and the write starts after
	 * that frame (`afterPaint`), noted first so a reload in between does not lose it. Writes
	 * start in the order entered, and IndexedDB runs them in that order. A write that fails
	 * puts the board back to what the store holds and says why.
	 */
	record(action: Action, event: NewGameEvent): Promise<boolean> {
		const base = this.game;
		const device = knownDeviceId();
		if (!base || device === undefined || base.record.signedAt !== null) {
			// Before the first write of this tab (the device id is read once) or on a signed
			// card: the store decides first, as before.
			return this.#write(
				action,
				(id) => games.append(id, event),
				(r) => this.#say(r.appended.event, 'Recorded: ')
			);
		}
		const entry: gameWrites.Unstored = {
			gameId: base.record.id,
			id: crypto.randomUUID(),
			event: plain(event),
			at: timestamp()
		};
		let shown: LoadedGame;
		try {
			const next = withEvent(base, {
				gameId: entry.gameId,
				seq: (base.events.at(-1)?.seq ?? 0) + 1,
				event: { ...entry.event, id: entry.id },
				at: entry.at,
				deviceId: device,
				redoOf: null
			});
			shown = { ...next.game, ruleset: base.ruleset, names: base.names };
		} catch (err) {
			// The rules refuse it: nothing to store, the refusal is shown beside the action.
			return this.fail(action, err).then(() => false);
		}
		gameWrites.note(entry);
		games.expectAppend(entry.gameId, entry.id);
		this.clearError();
		this.#written = shown;
		this.#notice = {
			text: this.#say(shown.events.at(-1)!.event, 'Recorded: '),
			canRedo: false,
			gameId: entry.gameId
		};
		afterPaint(() => {
			gameWrites.store(entry).catch((err: unknown) => this.#lost(err));
		});
		return Promise.resolve(true);
	}

	/**
	 * A painted entry could not be stored (a full disk, a card signed in another tab): the
	 * board goes back to what the store holds, and the status line says why.
	 */
	#lost(err: unknown): void {
		this.#written = null;
		this.#notice = null;
		void this.fail('store', err);
	}

	/** Undoes the last event still in effect. */
	undo(): Promise<boolean> {
		// Entries painted and not yet started are stored first: Undo acts on the store's log.
		flushAfterPaint();
		return this.#write(
			'undo',
			(id) => games.undo(id),
			(r) => {
				const undone = r.redoable;
				return undone ? this.#say(undone, 'Undone: ') : 'Undone';
			}
		);
	}

	/** Records again what the last undo undid. */
	redo(): Promise<boolean> {
		flushAfterPaint();
		return this.#write(
			'undo',
			(id) => games.redo(id),
			(r) => this.#say(r.appended.event, 'Redone: ')
		);
	}
}
