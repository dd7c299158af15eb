/**
 * The Server-Sent Events reader: the standard's rules on whole streams, and the same messages
 * however the stream is cut into chunks.
 */
import { describe, expect, it } from 'vitest';
import { SseParser, type SseItem } from '$lib/sync/sse';

function all(chunks: string[]): SseItem[] {
	const parser = new SseParser();
	return chunks.flatMap((c) => parser.feed(c));
}

const CASES: { name: string; stream: string; items: SseItem[] }[] = [
	{
		name: 'reads an event with its name, data and id',
		stream: 'id: 7\nevent: live\ndata: {"a":1}\n\n',
		items: [{ type: 'message', event: 'live', data: '{"a":1}', id: '7' }]
	},
	{
		name: 'names an event without `event:` "message"',
		stream: 'data: x\n\n',
		items: [{ type: 'message', event: 'message', data: 'x', id: '' }]
	},
	{
		name: 'joins data lines with line breaks',
		stream: 'data: one\ndata: two\n\n',
		items: [{ type: 'message', event: 'message', data: 'one\ntwo', id: '' }]
	},
	{
		name: 'gives a comment as a comment (the server’s ping)',
		stream: ': ping\n\n',
		items: [{ type: 'comment', text: 'ping' }]
	},
	{
		name: 'keeps the last id for the messages after it',
		stream: 'id: 3\ndata: a\n\ndata: b\n\n',
		items: [
			{ type: 'message', event: 'message', data: 'a', id: '3' },
			{ type: 'message', event: 'message', data: 'b', id: '3' }
		]
	},
	{
		name: 'dispatches nothing for an event without data, but keeps its id',
		stream: 'id: 9\nevent: cards\n\ndata: z\n\n',
		items: [{ type: 'message', event: 'message', data: 'z', id: '9' }]
	},
	{
		name: 'reads CRLF and CR line breaks as LF',
		stream: 'event: state\r\ndata: s\r\n\r\nevent: cards\rdata: c\r\r',
		items: [
			{ type: 'message', event: 'state', data: 's', id: '' },
			{ type: 'message', event: 'cards', data: 'c', id: '' }
		]
	},
	{
		name: 'takes one space after the colon away, and only one',
		stream: 'data:  two spaces\ndata:none\n\n',
		items: [{ type: 'message', event: 'message', data: ' two spaces\nnone', id: '' }]
	},
	{
		name: 'ignores retry and unknown fields, and an id with a NUL',
		stream: 'retry: 10\nfoo: bar\nid: a\0b\ndata: d\n\n',
		items: [{ type: 'message', event: 'message', data: 'd', id: '' }]
	},
	{
		name: 'skips a byte order mark at the very start',
		stream: '\uFEFFdata: d\n\n',
		items: [{ type: 'message', event: 'message', data: 'd', id: '' }]
	},
	{
		name: 'waits for the blank line: an unfinished message gives nothing yet',
		stream: 'event: live\ndata: half\n',
		items: []
	}
];

describe('SseParser.feed', () => {
	for (const c of CASES) {
		it(c.name, () => {
			expect(all([c.stream])).toEqual(c.items);
		});
		it(`${c.name}, cut into one-character chunks`, () => {
			expect(all([...c.stream])).toEqual(c.items);
		});
	}

	it('ends one line at a CR that closes a chunk and an LF that opens the next', () => {
		expect(all(['data: a\r', '\n\r', '\n'])).toEqual([
			{ type: 'message', event: 'message', data: 'a', id: '' }
		]);
	});

	it('gives the last id as lastId', () => {
		const parser = new SseParser();
		parser.feed('id: 12\ndata: x\n\nid: 13\n');
		expect(parser.lastId).toBe('13');
	});
});
