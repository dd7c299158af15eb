/**
 * What a restore's progress bar says (issue 39), in a teacher's words: the step under way
 * ("Checking the file: 1,200 of 5,400 games", "Writing 2,300 of 5,400 games"), the share of the
 * whole restore done, and about how long is left. The words are in `messages.ts`.
 */
import type { RestoreStep } from './restore';
import { message } from '$lib/messages';

/**
 * How much longer writing a file's games into the store takes than checking them (reading the
 * file again and staging it): measured on 10 classes in Chromium (2026-12-02, a game's log one
 * record, the check's fingerprints kept for the writing), checking about 5-7 s, writing about
 * 12-20 s.
 */
export const WRITING_PER_CHECKING = 3;

/** The share of the progress bar (and of the time) that checking the file takes. */
export const CHECKING_SHARE = 1 / (1 + WRITING_PER_CHECKING);

/** What the progress bar shows. */
export interface RestoreShown {
	/** What the restore is doing, in words. */
	doing: string;
	/** About how long is left, in words. */
	left: string;
	/** The share of the whole restore done, from 0 to 1. */
	share: number;
}

/** The share of its own step that `step` has done, from 0 to 1 (0 while its total is unknown). */
function doneOf(step: RestoreStep): number {
	const { games, total } = step;
	return total === null ? 0 : total === 0 ? 1 : Math.min(1, games / total);
}

/** The share of the whole restore that `step` has reached. */
export function shareOf(step: RestoreStep): number {
	const done = doneOf(step);
	// Onto an empty device, checking and writing go together (`restoreDirect`): one step.
	if (step.step === 'restoring') return done;
	return step.step === 'checking'
		? CHECKING_SHARE * done
		: CHECKING_SHARE + (1 - CHECKING_SHARE) * done;
}

/**
 * About how many seconds are left of a step that has done `done` (from 0 to 1) in `elapsedMs`,
 * at its pace so far; null while it is too early to tell.
 */
export function secondsLeft(done: number, elapsedMs: number): number | null {
	if (done >= 1) return 0;
	if (done < 0.02 || elapsedMs < 2000) return null;
	return ((elapsedMs / 1000) * (1 - done)) / done;
}

/** `seconds` left, in words: "About 40 seconds left", "About 3 minutes left". */
export function leftWords(seconds: number | null): string {
	if (seconds === null) return message('restore-left-unknown');
	if (seconds < 10) return message('restore-left-soon');
	if (seconds < 55)
		return message('restore-left-seconds', { seconds: Math.round(seconds / 5) * 5 });
	if (seconds < 90) return message('restore-left-minute');
	return message('restore-left-minutes', { minutes: Math.round(seconds / 60) });
}

function count(n: number): string {
	return n.toLocaleString('en-US');
}

/** What `step` is doing, in words. */
export function doingWords(step: RestoreStep): string {
	const params = { done: count(step.games), total: count(step.total ?? 0) };
	if (step.step === 'checking') {
		return message(step.total ? 'restore-checking-games' : 'restore-checking', params);
	}
	if (step.step === 'restoring') {
		return message(step.total ? 'restore-restoring-games' : 'restore-restoring', params);
	}
	return message(step.total ? 'restore-writing-games' : 'restore-writing', params);
}

/**
 * Turns a restore's steps into what its progress bar shows, timing it from when it was made:
 * while checking, the time left is the checking's, then the writing's at `WRITING_PER_CHECKING`
 * times the checking's pace; while writing, the writing's own pace once it shows, the last
 * estimate counted down until then; while restoring onto an empty device, its own pace.
 * @param now the clock, in milliseconds (tests give their own)
 */
export function restoreTracker(
	show: (shown: RestoreShown) => void,
	now: () => number = () => performance.now()
): (step: RestoreStep) => void {
	const start = now();
	let writingFrom: number | null = null;
	let last: { at: number; seconds: number } | null = null;
	return (step) => {
		const t = now();
		const done = doneOf(step);
		let seconds: number | null;
		if (step.step === 'restoring') {
			seconds = secondsLeft(done, t - start);
		} else if (step.step === 'checking') {
			const checking = secondsLeft(done, t - start);
			const whole = done > 0 ? (t - start) / 1000 / done : 0;
			seconds = checking === null ? null : checking + whole * WRITING_PER_CHECKING;
		} else {
			writingFrom ??= t;
			seconds = secondsLeft(done, t - writingFrom);
		}
		if (seconds !== null) last = { at: t, seconds };
		else if (last) seconds = Math.max(0, last.seconds - (t - last.at) / 1000);
		show({ doing: doingWords(step), left: leftWords(seconds), share: shareOf(step) });
	};
}
