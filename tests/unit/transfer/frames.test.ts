import { describe, expect, it } from 'vitest';
import { Buffer } from 'buffer';
import { FountainEncoderPart } from '@ngraveio/bc-ur/dist/fountainEncoder';
import bytewords from '@ngraveio/bc-ur/dist/bytewords';
import { FRAME_BYTES, FrameReader, toFrames } from '$lib/transfer/frames';
import { CodeReader } from '$lib/transfer/reader';
import { split } from '$lib/transfer/parts';

/** Bytes that do not compress or repeat, as a deflated card's are, `seed` telling them apart. */
function message(length: number, seed: number): Uint8Array {
	let s = seed;
	return Uint8Array.from({ length }, () => {
		s = (s * 1103515245 + 12345) % 2 ** 31;
		return s >> 16;
	});
}

/** A deterministic shuffle (Fisher-Yates on a small LCG), so a failure replays. */
function shuffled<T>(items: readonly T[], seed: number): T[] {
	const out = [...items];
	let s = seed;
	for (let i = out.length - 1; i > 0; i--) {
		s = (s * 1103515245 + 12345) % 2 ** 31;
		const j = s % (i + 1);
		[out[i], out[j]] = [out[j] as T, out[i] as T];
	}
	return out;
}

/** Feeds `frames` to a new reader until it completes; the bytes, or null if it never does. */
function readUntilComplete(frames: readonly string[]): Uint8Array | null {
	const reader = new FrameReader();
	for (const f of frames) {
		reader.add(f);
		if (reader.complete) return reader.take();
	}
	return null;
}

/** A frame with `part`'s fields, its checksum right: what someone could type by hand. */
function handMade(part: FountainEncoderPart): string {
	const body = bytewords.encode(part.cbor().toString('hex'), bytewords.STYLES.MINIMAL);
	return `UR:BYTES/${part.seqNum}-${part.seqLength}/${body.toUpperCase()}`;
}

const BIG = message(1525, 1); // a 30-event card, deflated: three codes of today's parts

describe('toFrames', () => {
	it('loops the fragments of a 30-event card in frames of one compact QR code each', () => {
		const frames = toFrames(BIG);
		const fragments = Math.ceil(BIG.length / FRAME_BYTES);
		expect(frames[0]).toMatch(new RegExp(`^UR:BYTES/1-${fragments}/[A-Z]+$`));
		expect(frames).toHaveLength(fragments + 8);
		for (const f of frames) {
			expect(f).toMatch(/^[0-9A-Z $%*+\-./:]+$/);
			expect(f.length).toBeLessThan(600);
		}
	});
});

describe('FrameReader', () => {
	it('gives back the bytes from the frames in order', () => {
		expect(readUntilComplete(toFrames(BIG))).toEqual(BIG);
	});

	it('gives back the bytes with frames shuffled, repeated and one in three missed', () => {
		const frames = toFrames(BIG);
		for (const seed of [1, 2, 3, 4, 5]) {
			const seen = shuffled([...frames, ...frames], seed).filter((_, i) => i % 3 !== seed % 3);
			expect(readUntilComplete(seen)).toEqual(BIG);
		}
	});

	it('completes from the mixed frames when a plain fragment never came', () => {
		const frames = toFrames(BIG);
		const fragments = Math.ceil(BIG.length / FRAME_BYTES);
		expect(readUntilComplete(frames.slice(1))).toEqual(BIG);
		expect(readUntilComplete(frames.slice(1, fragments))).toBeNull();
	});

	it('says how much is read, a frame read twice once', () => {
		const frames = toFrames(BIG);
		const reader = new FrameReader();
		expect(reader.add(frames[0] as string)).toEqual({ added: 'new', percent: 14 });
		expect(reader.add(frames[0] as string)).toEqual({ added: 'again', percent: 14 });
		expect(reader.add(frames[3] as string)).toEqual({ added: 'new', percent: 28 });
	});

	it('ignores the frames of the message taken, and reads the next one', () => {
		const first = toFrames(BIG);
		const next = message(900, 5);
		const reader = new FrameReader();
		for (const f of first.slice(0, 7)) reader.add(f);
		expect(reader.take()).toEqual(BIG);
		expect(reader.add(first[9] as string)).toEqual({ added: 'done', percent: 100 });
		const frames = toFrames(next);
		expect(reader.add(frames[0] as string)).toEqual({ added: 'new', percent: 25 });
		expect(reader.add(first[2] as string)).toEqual({ added: 'done', percent: 100 });
		for (const f of frames.slice(1, 4)) reader.add(f);
		expect(reader.take()).toEqual(next);
	});

	it('refuses a frame of another message and keeps reading the first', () => {
		const first = toFrames(BIG);
		const other = toFrames(message(1525, 2));
		const reader = new FrameReader();
		reader.add(first[0] as string);
		expect(() => reader.add(other[1] as string)).toThrow(
			expect.objectContaining({ code: 'transfer-other-frames', params: { percent: 14 } })
		);
		expect(reader.percent).toBe(14);
		for (const f of first.slice(1)) reader.add(f);
		expect(reader.take()).toEqual(BIG);
	});

	it('refuses a corrupted frame and changes nothing', () => {
		const frames = toFrames(BIG);
		const reader = new FrameReader();
		reader.add(frames[0] as string);
		const f = frames[1] as string;
		const i = f.length - 20;
		const bad = f.slice(0, i) + (f[i] === 'A' ? 'E' : 'A') + f.slice(i + 1);
		expect(() => reader.add(bad)).toThrow(expect.objectContaining({ code: 'transfer-damaged' }));
		expect(() => reader.add(f.slice(0, 200))).toThrow(
			expect.objectContaining({ code: 'transfer-damaged' })
		);
		expect(reader.percent).toBe(14);
		expect(reader.add(f)).toEqual({ added: 'new', percent: 28 });
	});

	it('refuses hand-made frames: a wrong number, a huge message, another type, a single part', () => {
		const frames = toFrames(BIG);
		const reader = new FrameReader();
		const renumbered = (frames[0] as string).replace('/1-7/', '/2-7/');
		expect(() => reader.add(renumbered)).toThrow(
			expect.objectContaining({ code: 'transfer-damaged' })
		);
		const huge = handMade(new FountainEncoderPart(1, 5, 50_000_000, 7, Buffer.from([1, 2, 3])));
		expect(() => reader.add(huge)).toThrow(expect.objectContaining({ code: 'transfer-too-big' }));
		const seed = (frames[0] as string).replace('UR:BYTES/', 'UR:CRYPTO-SEED/');
		expect(() => reader.add(seed)).toThrow(expect.objectContaining({ code: 'transfer-foreign' }));
		expect(() => reader.add('UR:BYTES/LPAXBBCY')).toThrow(
			expect.objectContaining({ code: 'transfer-foreign' })
		);
		expect(reader.percent).toBe(0);
		expect(readUntilComplete(frames)).toEqual(BIG);
	});

	it('drops a message whose fragments fail its checksum, then reads the next whole', () => {
		const reader = new FrameReader();
		const fakes = Array.from({ length: 7 }, (_, i) =>
			handMade(new FountainEncoderPart(i + 1, 7, 1525, 7, Buffer.alloc(218, i)))
		);
		for (const f of fakes.slice(0, 6)) reader.add(f);
		expect(reader.percent).toBe(85);
		expect(() => reader.add(fakes[6] as string)).toThrow(
			expect.objectContaining({ code: 'transfer-damaged' })
		);
		expect(reader.percent).toBe(0);
		expect(readUntilComplete(toFrames(BIG))).toEqual(BIG);
		for (const f of toFrames(BIG).slice(0, 7)) reader.add(f);
		expect(reader.take()).toEqual(BIG);
	});
});

describe('CodeReader', () => {
	it('reads a moving code and a one-code message alike, one after the other', async () => {
		const reader = new CodeReader();
		let got = null;
		for (const f of shuffled(toFrames(BIG), 9)) {
			const step = await reader.add(f);
			if (step.bytes) {
				got = step.bytes;
				break;
			}
			expect(step.progress).toHaveProperty('percent');
		}
		expect(got).toEqual(BIG);
		const small = message(100, 3);
		const [only] = await split(small);
		expect((await reader.add(only as string)).bytes).toEqual(small);
	});

	it('still reads the numbered parts of older cards, and will not mix them with frames', async () => {
		const parts = await split(BIG);
		expect(parts).toHaveLength(3);
		const reader = new CodeReader();
		expect((await reader.add(parts[2] as string)).progress).toEqual({ read: 1, total: 3 });
		await expect(reader.add(toFrames(BIG)[0] as string)).rejects.toMatchObject({
			code: 'transfer-other-set'
		});
		await reader.add(parts[0] as string);
		expect((await reader.add(parts[1] as string)).bytes).toEqual(BIG);
		await reader.add(toFrames(BIG)[0] as string);
		await expect(reader.add(parts[0] as string)).rejects.toMatchObject({
			code: 'transfer-other-frames'
		});
	});
});
