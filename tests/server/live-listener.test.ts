/** One open stream (issue 40): ended once, from either side, and when its client falls behind. */
import { describe, expect, it } from 'vitest';
import { Listener, webSink } from '../../server/core/live-listener';

describe('Listener', () => {
	it('ends a stream whose client reads nothing while 256 messages wait', () => {
		let ended = 0;
		const listener = new Listener('device', 'd1', () => ended++);
		new ReadableStream<Uint8Array>({ start: (c) => listener.attach(webSink(c)) });
		const bytes = new Uint8Array([58, 10, 10]);
		for (let i = 0; i < 257; i++) listener.send(bytes);
		expect([listener.open, ended]).toEqual([true, 0]);
		for (let i = 0; i < 2; i++) listener.send(bytes);
		expect([listener.open, ended]).toEqual([false, 1]);
		listener.end();
		listener.gone();
		expect(ended).toBe(1);
	});
});
