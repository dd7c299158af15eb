/**
 * "Compare two students" under the standings names its students by typing, with the league's
 * names offered as suggestions (a `<datalist>`): a school-wide league of 3,400 students in two
 * `<select>`s cost the standings page half a second of layout at 100 classes (docs/speed.md),
 * and nobody scrolls a list of 3,400 names. A typed name picks the student whose name it is,
 * as the roster compares names: case and spacing aside.
 */
import { nameKey } from '$lib/card/names';
import type { PlayerId } from '$lib/rules/types';

/** A student offered for comparing. */
export interface Pickable {
	id: PlayerId;
	name: string;
}

/** The students by their name's key, for `picked`. */
export function byNameKey(students: readonly Pickable[]): Map<string, PlayerId> {
	const found = new Map<string, PlayerId>();
	for (const s of students) found.set(nameKey(s.name), s.id);
	return found;
}

/**
 * What a typed name picks: `empty` before anything is typed, `unknown` when no student has
 * that name, else the student.
 */
export function picked(
	keys: ReadonlyMap<string, PlayerId>,
	typed: string
): { kind: 'empty' } | { kind: 'unknown' } | { kind: 'student'; id: PlayerId } {
	const key = nameKey(typed);
	if (key === '') return { kind: 'empty' };
	const id = keys.get(key);
	return id === undefined ? { kind: 'unknown' } : { kind: 'student', id };
}
