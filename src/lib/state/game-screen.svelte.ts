import type * as games from '$lib/db/games';
import type { GameEvent, NewGameEvent, PlayerId } from '$lib/rules/types';
import { GameActions } from './game-actions.svelte';
import { followFrom, takeFirstGame } from './first-game';
import { lazyQuery } from './live-query';
import { sameGame, type LoadedGame } from './loaded-game';

export type { LoadedGame };

type TapWriter = typeof import('./tap-writer');
let loading: Promise<TapWriter> | undefined;
/** The optimistic entry and the narrator: loaded after the first paint, once per page. */
const writer = () => (loading ??= import('./tap-writer'));

/** The store's read of a game, loaded with Dexie after the board's first paint. */
const loadGame = lazyQuery(
	() => import('./load-game'),
	(store) => store.loadGame
);

/** Where an error is shown: next to the action that caused it. */
export type Action = 'score' | 'muggins' | 'undo' | 'hand' | 'end' | 'penalty';

/**
 * The scorecard's state: the live game, plus what the last action said. Every write goes
 * through the `games` module; a refusal becomes a sentence beside its action, and nothing
 * changes.
 */
export class GameScreen extends GameActions<Action> {
	/** The game as the last write of this tab left it, shown until the live query catches up. */
	#written = $state.raw<LoadedGame | null>(null);
	#notice = $state<{ text: string; canRedo: boolean; gameId: string } | null>(null);
	/** The optimistic entry, once loaded and started (after the first paint). */
	#writer: TapWriter | null = null;
	/** A painted entry is being stored. */
	#storing = false;
	/** The store of the last painted entry: an entry the store decides waits for it. */
	#stored: Promise<unknown> = Promise.resolve();

	/**
	 * Create while the page initialises; `id` is read reactively (the route parameter). The
	 * game the app read as it started, when it started here, is shown first (`first-game.ts`).
	 */
	constructor(id: () => string) {
		super(loadGame, id, (key, observer) =>
			followFrom(key, loadGame, sameGame, observer, takeFirstGame(key))
		);
		// Once the board is drawn: the optimistic entry (see `tap-writer.ts`), which first stores
		// what a reload left unstored and reads the device id painted entries are stamped with.
		$effect(() => {
			if (!this.live.loaded || this.#writer) return;
			requestAnimationFrame(() =>
				setTimeout(() => {
					void writer().then(async (w) => {
						await w.start();
						this.#writer = w;
					});
				})
			);
		});
	}

	/**
	 * The game, or undefined while it loads. A write's own result is painted at once; the live
	 * query, which also sees other tabs' writes, takes over as soon as it has as many events.
	 * When it has read back exactly what was written, the written game stays: the same game
	 * is then not drawn a second time, a frame after the first. Derived, so worked out once per
	 * change: the board, the names, the notice and each tap read it (a tap's comparison of the
	 * two games stringifies both records).
	 */
	#game = $derived.by((): LoadedGame | undefined => {
		const live = this.live.current;
		const written = this.#written;
		if (!written || !live || written.record.id !== live.record.id) return live;
		if (written.events.length > live.events.length) return written;
		return sameGame(written, live) ? written : live;
	});

	override get game(): LoadedGame | undefined {
		return this.#game;
	}

	/**
	 * The players' names: a tap paints a new game with the same names (`paint` keeps them), so
	 * what shows a name (the board's buttons, the sheet's title) is not worked out again.
	 */
	#names = $derived(this.game?.names);

	override name = (player: PlayerId): string => this.#names?.get(player) ?? player;

	/**
	 * The last thing recorded or undone, for the status line ("Undone: Ana 15"): only on the
	 * game it was recorded in, not on the next game of a match, which opens on the same page.
	 */
	get notice(): { text: string; canRedo: boolean } | null {
		const notice = this.#notice;
		return notice && notice.gameId === this.game?.record.id ? notice : null;
	}

	/** "Recorded: Ana 15", with the narrator (the writer's, loaded now if need be). */
	async #say(event: GameEvent, prefix = ''): Promise<string> {
		const game = this.game;
		if (!game) return prefix;
		const { narrate } = this.#writer ?? (await writer());
		return `${prefix}${narrate(event, game.ruleset, this.name)}`;
	}

	async #write(
		action: Action,
		work: (id: string) => Promise<games.Appended>,
		describe: (a: games.Appended) => Promise<string>
	): Promise<boolean> {
		const base = this.game;
		const result = await this.run(action, work);
		if (!result) return false;
		if (base) this.#written = { ...result, ruleset: base.ruleset, names: base.names };
		this.#notice = {
			text: await describe(result),
			canRedo: result.redoable !== null,
			gameId: result.record.id
		};
		return true;
	}
	/**
	 * Records an event; returns whether it was accepted. The board shows it at once: the rules
	 * check it against the game shown, the new total is painted, and the write starts after
	 * that frame (`afterPaint`), noted first so a reload in between does not lose it. Writes
	 * start in the order entered, and IndexedDB runs them in that order. The promise settles
	 * once the entry is stored, and the status line says "Recorded" then; a write that fails
	 * puts the board back to what the store holds and says why beside `action`.
	 */
	record(action: Action, event: NewGameEvent): Promise<boolean> {
		const base = this.game;
		const w = this.#writer;
		const device = w?.knownDeviceId();
		// A second tap on a sheet still waiting for its first to be stored: one entry, as when
		// every write went first (the sheet closes when the first is stored).
		const tap = action === 'score' || action === 'muggins';
		if (tap && this.#storing) return Promise.resolve(false);
		if (!tap || !w || !base || device === undefined || base.record.signedAt !== null) {
			// Before the board was drawn and the writer loaded, or on a signed card: the store
			// decides first, as before. So do the end of a hand and of a game: their sheets name
			// the hand, which would turn to the next one while the sheet waits for the store.
			// A count tapped just before is stored first (the end is then judged with it).
			return this.#write(
				action,
				(id) =>
					this.#stored
						.catch(() => undefined)
						.then(() => writer().then((w) => w.games.append(id, event))),
				(r) => this.#say(r.appended.event, 'Recorded: ')
			);
		}
		let painted: ReturnType<TapWriter['paint']>;
		try {
			painted = w.paint(base, event, device);
		} catch (err) {
			// The rules refuse it: nothing to store, the refusal is shown beside the action.
			return this.fail(action, err).then(() => false);
		}
		const { entry, shown } = painted;
		this.clearError();
		this.#written = shown;
		// Settles once stored: the sheet that asked closes then, and on a refusal (a full disk,
		// a card signed in another tab) stays open with the reason while the board goes back to
		// what the store holds. The status line says "Recorded" only then, so it never claims
		// what a browser killed meanwhile would lose; the board showed the new total at once.
		this.#storing = true;
		const stored = w.store(entry);
		this.#stored = stored;
		return stored.then(
			() => {
				this.#storing = false;
				if (this.#written === shown) {
					this.#notice = {
						text: `Recorded: ${w.narrate(shown.events.at(-1)!.event, base.ruleset, this.name)}`,
						canRedo: false,
						gameId: entry.gameId
					};
				}
				return true;
			},
			async (err: unknown) => {
				this.#storing = false;
				this.#written = null;
				await this.fail(action, err);
				return false;
			}
		);
	}

	/** Undoes the last event still in effect. */
	undo(): Promise<boolean> {
		// Entries painted and not yet started are stored first: Undo acts on the store's log.
		this.#writer?.flushAfterPaint();
		return this.#write(
			'undo',
			(id) => writer().then((w) => w.games.undo(id)),
			(r) => {
				const undone = r.redoable;
				return undone ? this.#say(undone, 'Undone: ') : Promise.resolve('Undone');
			}
		);
	}

	/** Records again what the last undo undid. */
	redo(): Promise<boolean> {
		this.#writer?.flushAfterPaint();
		return this.#write(
			'undo',
			(id) => writer().then((w) => w.games.redo(id)),
			(r) => this.#say(r.appended.event, 'Redone: ')
		);
	}
}
