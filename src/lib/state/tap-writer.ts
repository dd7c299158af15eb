/**
 * The scorecard's optimistic score entry, loaded once the board is on screen (`GameScreen`):
 * the scorecard's first load carries only what draws the board, and a tap made before this
 * arrives is stored first and painted after, as every write was before.
 */
import { afterPaint, flushAfterPaint } from '$lib/after-paint';
import { timestamp } from '$lib/db/clock';
import { deviceId } from '$lib/db/device';
import * as unstored from './unstored';
import { withEvent } from '$lib/card/game-view';
import * as games from '$lib/db/games';
import { plain } from '$lib/card/records';
import type { NewGameEvent } from '$lib/rules/types';
import type { LoadedGame } from './loaded-game';

export { narrate } from '$lib/rules/narrate';
export { knownDeviceId } from '$lib/db/device';
export { flushAfterPaint, games };

/** An entry painted on the board, and the game as painted. */
export interface Painted {
	entry: unstored.Unstored;
	shown: LoadedGame;
}

/**
 * `base` with `event` recorded, as the store will record it, stamped with `device`.
 * @throws RuleError when the rules refuse the event (the store would refuse it too)
 */
export function paint(base: LoadedGame, event: NewGameEvent, device: string): Painted {
	const entry: unstored.Unstored = {
		gameId: base.record.id,
		id: crypto.randomUUID(),
		event: plain(event),
		at: timestamp()
	};
	const next = withEvent(base, {
		gameId: entry.gameId,
		seq: (base.events.at(-1)?.seq ?? 0) + 1,
		event: { ...entry.event, id: entry.id },
		at: entry.at,
		deviceId: device,
		redoOf: null
	});
	return { entry, shown: { ...next.game, ruleset: base.ruleset, names: base.names } };
}

/**
 * Stores a painted entry after the frame that shows it: noted (a reload before its write
 * commits does not lose it), and written in the order entered. Settles once it is stored, or
 * with why it could not be.
 *
 * The note waits for the frame with the write: it is a synchronous localStorage write (about
 * a tenth of a tap's work under a 4× slowdown), and a page closed or hidden before that frame
 * runs the job at once (`afterPaint` on `pagehide` and `visibilitychange`), noting it then.
 */
export function store(entry: unstored.Unstored): Promise<unknown> {
	return new Promise((resolve, reject) =>
		afterPaint(() => {
			unstored.note(entry);
			unstored.store(entry).then(resolve, reject);
		})
	);
}

/**
 * Stores what an earlier page painted and did not store, then reads the device id that
 * painted entries are stamped with (once; `knownDeviceId` has it from then on).
 */
export async function start(): Promise<void> {
	await unstored.recover();
	await deviceId();
}
