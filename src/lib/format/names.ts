/**
 * Students' names in the order a teacher's gradebook keeps them, and the roster's search.
 * A name is written as the class writes it ("Ana Beth Lopez"); its last word is taken as the
 * family name. Comparison ignores case and accents, in the device's language.
 */

const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

/** Words after a family name that are not one: "Cara Singh, Jr." sorts under Singh. */
const SUFFIX = /^(jr|sr|ii|iii|iv)\.?$/i;

/** The family name in `name`: its last word but a suffix, or the whole name when one word. */
export function lastName(name: string): string {
	const words = name.replace(/,/g, ' ').trim().split(/\s+/);
	while (words.length > 1 && SUFFIX.test(words.at(-1) ?? '')) words.pop();
	return words.at(-1) ?? '';
}

/** Orders two names by family name, then by the whole name ("Ana Reed" before "Gus Reed"). */
export function byLastName(a: string, b: string): number {
	return collator.compare(lastName(a), lastName(b)) || collator.compare(a, b);
}

/** `name` folded for a search: lower case, without accents, single spaces. */
function fold(name: string): string {
	return name
		.normalize('NFD')
		.replace(/\p{M}/gu, '')
		.toLocaleLowerCase()
		.replace(/\s+/g, ' ')
		.trim();
}

/** Whether `name` contains what was typed in a search (any case, with or without accents). */
export function matchesSearch(name: string, typed: string): boolean {
	return fold(name).includes(fold(typed));
}
