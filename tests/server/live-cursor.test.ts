/** The stream's cursor (issue 40): what a client sends back is read exactly, or refused. */
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../server/core/errors';
import { cursorText, isAhead, readCursor } from '../../server/core/live-cursor';

describe('readCursor', () => {
	it.each([
		[undefined, null],
		['', null],
		['  ', null],
		['12-3-4-5', { live: 12, states: 3, league: 4, cards: 5 }],
		[' 0-0-7-0 ', { live: 0, states: 0, league: 7, cards: 0 }]
	])('reads %j as %j', (text, cursor) => {
		expect(readCursor(text)).toEqual(cursor);
	});

	it.each(['abc', '1-2-3', '1-2-3-4-5', '-1-2-3-4', '1.5-2-3-4', '1-2-3-1234567890123456'])(
		'refuses %j with 400 server-malformed',
		(text) => {
			expect(() => readCursor(text)).toThrow(ApiError);
			try {
				readCursor(text);
			} catch (e) {
				expect([(e as ApiError).status, (e as ApiError).code]).toEqual([400, 'server-malformed']);
			}
		}
	);

	it('reads back what cursorText writes', () => {
		const c = { live: 901, states: 17, league: 4, cards: 33 };
		expect(readCursor(cursorText(c))).toEqual(c);
	});
});

describe('isAhead', () => {
	const at = { live: 5, states: 5, league: 5, cards: 5 };
	it.each([
		[{ live: 6, states: 0, league: 0, cards: 0 }, true],
		[{ live: 0, states: 0, league: 0, cards: 6 }, true],
		[{ live: 5, states: 5, league: 5, cards: 5 }, false],
		[{ live: 1, states: 2, league: 3, cards: 4 }, false]
	])('says %j is ahead: %s', (c, ahead) => {
		expect(isAhead(c, at)).toBe(ahead);
	});
});
