/**
 * Signatures as vectors: the strokes a finger drew, simplified (Ramer-Douglas-Peucker) and
 * quantised to whole units on a small grid, then written as one short string that is also SVG
 * path data. A signature takes a few hundred bytes this way, against tens of kilobytes as a
 * picture, so a card with its signatures still fits in a few QR codes.
 *
 * Encoded form: `<width>x<height>:<path>`, e.g. `320x120:M12 40l3-2 5 1M80 20l0 0`. The grid is
 * `width` × `height` units, origin at the top left. Each stroke is an absolute move to its first
 * point followed by relative lines to the next ones; a dot is a line of length 0 (drawn as a
 * dot with round caps). Numbers are integers, separated by a space unless a minus sign
 * separates them.
 *
 * Pure: no DOM, so it runs and is tested in Node.
 */
import { CodedError } from '$lib/coded-error';

/** A point with coordinates in any unit (signature_pad gives CSS pixels of its canvas). */
export interface Point {
	x: number;
	y: number;
}

/** A signature on its grid: whole-number points, no point repeated twice in a row. */
export interface Drawing {
	width: number;
	height: number;
	strokes: Point[][];
}

/** The grid's width: about one unit per CSS pixel of a phone's signature box. */
export const GRID_WIDTH = 320;

/** How far (in grid units) simplification may move the line: below what the eye notices. */
export const TOLERANCE = 0.6;

/** The largest grid side accepted, and the most points: bounds for data from outside. */
export const MAX_SIDE = 2000;
export const MAX_POINTS = 5000;

/** An encoded signature that cannot be read: `signature-bad`, with why in `reason`. */
export class StrokeError extends CodedError<'signature-bad'> {
	override readonly name = 'StrokeError';

	constructor(reason: string) {
		super('signature-bad', { reason });
	}
}

/** Distance from `p` to the segment from `a` to `b`. */
function segmentDistance(p: Point, a: Point, b: Point): number {
	const dx = b.x - a.x;
	const dy = b.y - a.y;
	const length2 = dx * dx + dy * dy;
	const t =
		length2 === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / length2));
	return Math.hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy));
}

/**
 * The points of a polyline that Ramer-Douglas-Peucker keeps: the ends, and every point that
 * lies farther than `tolerance` from the line through the points kept around it. Iterative,
 * so a long stroke cannot overflow the stack.
 */
export function simplify<P extends Point>(points: readonly P[], tolerance: number): P[] {
	const n = points.length;
	if (n <= 2) return [...points];
	const keep = new Uint8Array(n);
	keep[0] = 1;
	keep[n - 1] = 1;
	const spans: [number, number][] = [[0, n - 1]];
	for (let span = spans.pop(); span; span = spans.pop()) {
		const [from, to] = span;
		let farthest = -1;
		let distance = tolerance;
		for (let i = from + 1; i < to; i++) {
			const d = segmentDistance(points[i] as P, points[from] as P, points[to] as P);
			if (d > distance) {
				distance = d;
				farthest = i;
			}
		}
		if (farthest !== -1) {
			keep[farthest] = 1;
			spans.push([from, farthest], [farthest, to]);
		}
	}
	return points.filter((_, i) => keep[i] === 1);
}

function clamp(n: number, max: number): number {
	return Math.min(max, Math.max(0, n));
}

/** `points` without a point equal to the one before it. */
function dedupe(points: Point[]): Point[] {
	return points.filter((p, i) => i === 0 || p.x !== points[i - 1]?.x || p.y !== points[i - 1]?.y);
}

/**
 * The drawing of `strokes` drawn in a box of `box.width` × `box.height` (same unit as the
 * points): scaled to a grid `gridWidth` wide (the height keeps the box's proportions),
 * simplified, then rounded to whole units. Empty strokes are dropped.
 */
export function toDrawing(
	strokes: readonly (readonly Point[])[],
	box: { width: number; height: number },
	opts: { gridWidth?: number; tolerance?: number } = {}
): Drawing {
	const width = opts.gridWidth ?? GRID_WIDTH;
	if (!(box.width > 0 && box.height > 0)) throw new RangeError('toDrawing: the box has no area');
	const scale = width / box.width;
	const height = Math.max(1, Math.round(box.height * scale));
	const tolerance = opts.tolerance ?? TOLERANCE;
	const out: Point[][] = [];
	for (const stroke of strokes) {
		const scaled = stroke.map((p) => ({
			x: clamp(p.x * scale, width),
			y: clamp(p.y * scale, height)
		}));
		const kept = dedupe(
			simplify(scaled, tolerance).map((p) => ({ x: Math.round(p.x), y: Math.round(p.y) }))
		);
		if (kept.length > 0) out.push(kept);
	}
	return { width, height, strokes: out };
}

/** Whether nothing is drawn. */
export function isBlank(drawing: Drawing): boolean {
	return drawing.strokes.every((s) => s.length === 0);
}

/** Integers joined as SVG path data joins them: a space, or nothing before a minus sign. */
function numbers(values: readonly number[]): string {
	return values.map((v, i) => (i > 0 && v >= 0 ? ` ${v}` : `${v}`)).join('');
}

/** SVG path data for the drawing's strokes, in grid units (use a viewBox of the grid). */
export function toPath(drawing: Drawing): string {
	return drawing.strokes
		.filter((s) => s.length > 0)
		.map((stroke) => {
			const [first, ...rest] = stroke as [Point, ...Point[]];
			const deltas: number[] = [];
			let at = first;
			for (const p of rest) {
				deltas.push(p.x - at.x, p.y - at.y);
				at = p;
			}
			return `M${numbers([first.x, first.y])}l${numbers(deltas.length > 0 ? deltas : [0, 0])}`;
		})
		.join('');
}

/** The encoded form of `drawing` (see the top of this file). */
export function encode(drawing: Drawing): string {
	return `${drawing.width}x${drawing.height}:${toPath(drawing)}`;
}

function tokens(path: string): string[] {
	const found: string[] = [];
	const token = /(M|l|-?\d{1,5}) ?/y;
	while (token.lastIndex < path.length) {
		const at = token.lastIndex;
		const m = token.exec(path);
		if (!m?.[1]) throw new StrokeError(`unexpected "${path.slice(at, at + 8)}"`);
		found.push(m[1]);
	}
	return found;
}

/**
 * The drawing an encoded signature holds. Accepts exactly what `encode` writes (and the same
 * with extra single spaces), so `decode(encode(d))` equals `d` for any drawing on its grid.
 * @throws StrokeError when `text` is not an encoded signature, or a point falls off its grid
 */
export function decode(text: string): Drawing {
	const head = /^(\d{1,4})x(\d{1,4}):/.exec(text);
	if (!head) throw new StrokeError('no "<width>x<height>:" at the start');
	const width = Number(head[1]);
	const height = Number(head[2]);
	if (width < 1 || height < 1 || width > MAX_SIDE || height > MAX_SIDE) {
		throw new StrokeError(`a grid of ${width}x${height}`);
	}
	const list = tokens(text.slice(head[0].length));
	const strokes: Point[][] = [];
	let count = 0;
	const number = (i: number): number => {
		const t = list[i];
		if (t === undefined || t === 'M' || t === 'l') throw new StrokeError('a number is missing');
		return Number(t);
	};
	for (let i = 0; i < list.length;) {
		if (list[i] !== 'M') throw new StrokeError('a stroke must start with M');
		let x = number(i + 1);
		let y = number(i + 2);
		i += 3;
		const stroke: Point[] = [{ x, y }];
		if (list[i] === 'l') {
			for (i += 1; i < list.length && list[i] !== 'M'; i += 2) {
				x += number(i);
				y += number(i + 1);
				stroke.push({ x, y });
			}
		}
		for (const p of stroke) {
			if (p.x < 0 || p.y < 0 || p.x > width || p.y > height) {
				throw new StrokeError(`the point ${p.x},${p.y} is off the ${width}x${height} grid`);
			}
		}
		count += stroke.length;
		if (count > MAX_POINTS) throw new StrokeError(`more than ${MAX_POINTS} points`);
		strokes.push(dedupe(stroke));
	}
	return { width, height, strokes };
}
