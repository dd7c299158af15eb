/** The paper sizes the notecard prints on, with the CSS `@page` size of each. */
export const PAPERS = [
	{ id: 'index', label: 'Index card 5 × 8 in', size: '5in 8in', margin: '0.3in', large: false },
	{ id: 'a5', label: 'A5', size: 'A5 portrait', margin: '8mm', large: false },
	{ id: 'letter', label: 'Letter', size: 'letter portrait', margin: '0.5in', large: true },
	{ id: 'a4', label: 'A4', size: 'A4 portrait', margin: '12mm', large: true }
] as const;

/** One of `PAPERS`. */
export type Paper = (typeof PAPERS)[number];

/** The id of one of `PAPERS`. */
export type PaperId = Paper['id'];

/**
 * The paper offered first: index cards where they are the usual notecard (the United States and
 * Canada, which also use Letter), A5 elsewhere.
 */
export function defaultPaper(language: string): PaperId {
	return /-(US|CA)\b/i.test(language) ? 'index' : 'a5';
}

/** The paper with `id`, A5 for an unknown one. */
export function paperOf(id: string): Paper {
	return PAPERS.find((p) => p.id === id) ?? PAPERS[1];
}

/** The `@page` rule for `paper`. */
export function pageRule(paper: Paper): string {
	return `@page { size: ${paper.size}; margin: ${paper.margin}; }`;
}
