import { describe, expect, it } from 'vitest';
import { defaultPaper, pageRule, paperOf, PAPERS } from '$lib/print/paper';

describe('defaultPaper', () => {
	it.each([
		['en-US', 'index'],
		['en-CA', 'index'],
		['fr-CA', 'index'],
		['en-GB', 'a5'],
		['es-MX', 'a5'],
		['de', 'a5']
	])('offers %s the %s paper first', (language, paper) => {
		expect(defaultPaper(language)).toBe(paper);
	});
});

describe('pageRule', () => {
	it('sets the size and margins of every printed page', () => {
		expect(pageRule(paperOf('index'))).toBe('@page { size: 5in 8in; margin: 0.3in; }');
		expect(pageRule(paperOf('a4'))).toBe('@page { size: A4 portrait; margin: 12mm; }');
	});

	it('falls back to A5 for a paper it does not know', () => {
		expect(paperOf('tabloid').id).toBe('a5');
		expect(PAPERS.map((p) => p.id)).toEqual(['index', 'a5', 'letter', 'a4']);
	});
});
