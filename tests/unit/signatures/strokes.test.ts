import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
	decode,
	encode,
	GRID_WIDTH,
	isBlank,
	simplify,
	StrokeError,
	toDrawing,
	toPath,
	type Drawing,
	type Point
} from '$lib/signatures/strokes';

const pts = (...xy: number[]): Point[] =>
	Array.from({ length: xy.length / 2 }, (_, i) => ({ x: xy[2 * i]!, y: xy[2 * i + 1]! }));

/** A drawing as `toDrawing` makes them: whole units on its grid, no point twice in a row. */
const drawingArb: fc.Arbitrary<Drawing> = fc
	.record({ width: fc.integer({ min: 1, max: 400 }), height: fc.integer({ min: 1, max: 200 }) })
	.chain(({ width, height }) =>
		fc.record({
			width: fc.constant(width),
			height: fc.constant(height),
			strokes: fc.array(
				fc.array(
					fc.record({
						x: fc.integer({ min: 0, max: width }),
						y: fc.integer({ min: 0, max: height })
					}),
					{ minLength: 1, maxLength: 30 }
				),
				{ maxLength: 6 }
			)
		})
	)
	.map((d) => ({
		...d,
		strokes: d.strokes.map((s) =>
			s.filter((p, i) => i === 0 || p.x !== s[i - 1]!.x || p.y !== s[i - 1]!.y)
		)
	}));

/** Distance from `p` to the segment `a`–`b`. */
function distance(p: Point, a: Point, b: Point): number {
	const [dx, dy] = [b.x - a.x, b.y - a.y];
	const l2 = dx * dx + dy * dy;
	const t = l2 === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / l2));
	return Math.hypot(p.x - a.x - t * dx, p.y - a.y - t * dy);
}

describe('simplify', () => {
	it('keeps both ends and drops points on a straight line', () => {
		expect(simplify(pts(0, 0, 1, 1, 2, 2, 3, 3, 10, 10), 0.5)).toEqual(pts(0, 0, 10, 10));
	});

	it('keeps a corner farther than the tolerance, drops a wobble closer than it', () => {
		expect(simplify(pts(0, 0, 5, 0.3, 10, 0, 10, 10), 0.5)).toEqual(pts(0, 0, 10, 0, 10, 10));
	});

	it('keeps the far side of a closed loop (ends at the same point)', () => {
		expect(simplify(pts(0, 0, 10, 0, 10, 10, 0, 0), 0.5)).toEqual(pts(0, 0, 10, 0, 10, 10, 0, 0));
	});

	it('leaves one or two points as they are', () => {
		expect(simplify(pts(3, 4), 1)).toEqual(pts(3, 4));
		expect(simplify(pts(3, 4, 3, 4), 1)).toEqual(pts(3, 4, 3, 4));
	});

	it('never moves the line farther than the tolerance', () => {
		const line = fc.array(
			fc.record({
				x: fc.double({ min: 0, max: 300, noNaN: true }),
				y: fc.double({ min: 0, max: 100, noNaN: true })
			}),
			{ minLength: 3, maxLength: 60 }
		);
		fc.assert(
			fc.property(line, (points) => {
				const kept = simplify(points, 1);
				expect(kept[0]).toBe(points[0]);
				expect(kept.at(-1)).toBe(points.at(-1));
				// Every dropped point lies within the tolerance of the kept segment that spans it.
				const at = kept.map((p) => points.indexOf(p));
				for (let k = 0; k + 1 < at.length; k++) {
					const [a, b] = [points[at[k]!]!, points[at[k + 1]!]!];
					for (const p of points.slice(at[k]! + 1, at[k + 1]!)) {
						expect(distance(p, a, b)).toBeLessThanOrEqual(1 + 1e-9);
					}
				}
			})
		);
	});

	it('handles a stroke of thousands of points without running out of stack', () => {
		const long = Array.from({ length: 20000 }, (_, i) => ({
			x: i / 100,
			y: Math.sin(i / 50) * 40
		}));
		expect(simplify(long, 0.5).length).toBeLessThan(400);
	});
});

describe('toDrawing', () => {
	it('scales the box to the grid, keeping its proportions, and rounds to whole units', () => {
		const d = toDrawing([pts(0, 0, 160.4, 79.6)], { width: 160, height: 80 });
		expect(d).toEqual({ width: GRID_WIDTH, height: 160, strokes: [pts(0, 0, 320, 159)] });
	});

	it('clamps points drawn past the edge of the box onto it', () => {
		const d = toDrawing([pts(-5, 10, 400, 90)], { width: 320, height: 80 });
		expect(d.strokes).toEqual([pts(0, 10, 320, 80)]);
	});

	it('keeps a tap as a one-point stroke and drops empty strokes', () => {
		const d = toDrawing([pts(10, 10, 10.2, 10.1), []], { width: 320, height: 100 });
		expect(d.strokes).toEqual([pts(10, 10)]);
		expect(isBlank(d)).toBe(false);
		expect(isBlank(toDrawing([], { width: 320, height: 100 }))).toBe(true);
	});

	it('makes a typical signature small: a few hundred points become a few dozen', () => {
		const wave = Array.from({ length: 400 }, (_, i) => ({
			x: 20 + i * 0.7,
			y: 60 + Math.sin(i / 12) * 30
		}));
		const encoded = encode(toDrawing([wave], { width: 320, height: 120 }));
		expect(encoded.length).toBeLessThan(400);
	});

	it('refuses a box with no area', () => {
		expect(() => toDrawing([], { width: 0, height: 10 })).toThrow(RangeError);
	});
});

describe('encode and decode', () => {
	it('writes SVG path data: a move, then relative lines; a dot is a line of length 0', () => {
		const d: Drawing = {
			width: 320,
			height: 120,
			strokes: [pts(12, 40, 15, 38, 20, 39), pts(80, 20)]
		};
		expect(encode(d)).toBe('320x120:M12 40l3-2 5 1M80 20l0 0');
		expect(toPath(d)).toBe('M12 40l3-2 5 1M80 20l0 0');
	});

	it('round-trips every drawing on its grid', () => {
		fc.assert(
			fc.property(drawingArb, (d) => {
				expect(decode(encode(d))).toEqual(d);
			})
		);
	});

	it('round-trips what toDrawing makes from raw points', () => {
		const raw = fc.array(
			fc.array(
				fc.record({
					x: fc.double({ min: -20, max: 380, noNaN: true }),
					y: fc.double({ min: -20, max: 150, noNaN: true })
				}),
				{ maxLength: 40 }
			),
			{ maxLength: 5 }
		);
		fc.assert(
			fc.property(raw, (strokes) => {
				const d = toDrawing(strokes, { width: 360, height: 130 });
				expect(decode(encode(d))).toEqual(d);
			})
		);
	});

	it('reads an empty drawing', () => {
		expect(decode('320x100:')).toEqual({ width: 320, height: 100, strokes: [] });
	});

	it.each([
		['no grid', 'M1 1l0 0'],
		['a grid of 0', '0x100:'],
		['a grid too large', '5000x100:'],
		['a stroke without M', '320x100:l1 1'],
		['a missing number', '320x100:M1l1 1'],
		['an odd number of deltas', '320x100:M1 1l1'],
		['another command', '320x100:M1 1L2 2'],
		['markup', '320x100:M1 1"/><script>'],
		['a point off the grid', '320x100:M300 90l30 0'],
		['a point above the grid', '320x100:M10 5l0-6']
	])('refuses %s', (_, text) => {
		expect(() => decode(text)).toThrow(StrokeError);
	});

	it('refuses more points than any signature has', () => {
		const many = `320x100:M0 50l${Array.from({ length: 6000 }, (_, i) => (i % 2 ? '0 1' : '0 -1')).join(' ')}`;
		expect(() => decode(many)).toThrow(/more than/);
	});
});
