/**
 * The instructor's actions: everything that changes what counts in a league, who is on its
 * roster, or the whole store, and so asks for the instructor's PIN when one is set (issue 13).
 * Every such action goes through `allowed` here, so the list below is the one place that says
 * which actions are the instructor's; device roles can build on the same list.
 */
import { instructor } from './instructor.svelte';

/** Each instructor action, and how the PIN sheet names it ("… needs the instructor's PIN"). */
export const INSTRUCTOR_ACTIONS = {
	'void-card': 'Voiding a card',
	'count-card-again': 'Counting a voided card again',
	// Reopening a league card takes it out of the standings, as voiding does.
	'reopen-league-card': 'Reopening a league card',
	// A correction changes a signed card's score, and counts at once (RULES.md §7).
	'correct-score': 'Correcting a score',
	'withdraw-correction': 'Withdrawing a correction',
	'edit-roster': 'Editing the roster',
	'edit-league': 'Changing the league',
	'delete-league': 'Deleting a league',
	'delete-session': 'Deleting a session',
	// A full backup holds every student's name and signature.
	'save-backup': 'Saving a full backup',
	'restore-backup': 'Restoring a backup'
} as const;

/** An action only the instructor may take. */
export type InstructorAction = keyof typeof INSTRUCTOR_ACTIONS;

/**
 * Resolves true when `action` may go ahead: no PIN is set, the lock is open, or the PIN was
 * typed now; false when the PIN sheet was cancelled.
 */
export function allowed(action: InstructorAction): Promise<boolean> {
	return instructor.confirm(INSTRUCTOR_ACTIONS[action]);
}
