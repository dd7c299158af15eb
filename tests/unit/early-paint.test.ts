import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import {
	EARLY_CLASS,
	buildKey,
	nextMidnight,
	paintKeyOf,
	PAINT_KEYS,
	type KeptPaint
} from '$lib/early-paint';
import { memoryStorage } from './support/memory-storage';

/** The early paint's script in the page (src/app.html): the body's first. */
const script = (() => {
	const html = readFileSync(new URL('../../src/app.html', import.meta.url), 'utf8');
	const found = /<body[^>]*>\s*<script>([\s\S]*?)<\/script>/.exec(html);
	if (!found?.[1]) throw new Error('No script at the start of the body in src/app.html');
	return found[1];
})();

const MODULES = ['/_app/immutable/entry/start.A.js', '/_app/immutable/entry/app.B.js'];

/** A page as far as the script sees it, at `path`, with `modules` preloaded. */
function page(path: string, modules = MODULES) {
	const added: {
		className: string;
		dataset: Record<string, string>;
		inert?: boolean;
		innerHTML: string;
	}[] = [];
	const document = {
		querySelectorAll: (selector: string) =>
			selector === 'link[rel="modulepreload"]'
				? modules.map((href) => ({
						getAttribute: (name: string) => (name === 'href' ? href : null)
					}))
				: [],
		createElement: () => ({ className: '', dataset: {}, innerHTML: '' }),
		body: { append: (el: (typeof added)[number]) => added.push(el) }
	};
	return { added, document, location: { pathname: path } };
}

/** Runs the page's script on `at` with `storage`; what it added to the body. */
function run(at: ReturnType<typeof page>, storage: ReturnType<typeof memoryStorage>) {
	runInNewContext(script, {
		document: at.document,
		location: at.location,
		localStorage: storage,
		JSON,
		Date
	});
	return at.added;
}

/** A screen kept at `path` by early-paint.ts, for the build of `at`. */
function kept(path: string, at: ReturnType<typeof page>, change: Partial<KeptPaint> = {}) {
	const storage = memoryStorage();
	const key = paintKeyOf(path);
	if (!key) throw new Error(`${path} is not kept`);
	const paint: KeptPaint = {
		path,
		build: buildKey(at.document as unknown as Document),
		until: nextMidnight(new Date()),
		ready: '.lists',
		html: '<div class="frame">kept</div>',
		...change
	};
	storage.items.set(key, JSON.stringify(paint));
	return storage;
}

describe("the page's early paint script", () => {
	it('shows the screen kept for its address and build, as early-paint.ts keeps it', () => {
		for (const path of ['/', '/game/g1']) {
			const at = page(path);
			const added = run(at, kept(path, at));
			expect(added).toEqual([
				{
					className: EARLY_CLASS,
					dataset: { ready: '.lists' },
					inert: true,
					innerHTML: '<div class="frame">kept</div>'
				}
			]);
		}
	});

	it('shows nothing kept for another build, another game, or an earlier day', () => {
		const home = page('/');
		expect(run(page('/', ['/_app/immutable/entry/start.C.js']), kept('/', home))).toEqual([]);
		const game = page('/game/g2');
		expect(run(game, kept('/game/g1', game))).toEqual([]);
		expect(run(home, kept('/', home, { until: Date.now() - 1 }))).toEqual([]);
	});

	it('shows nothing on other pages, with nothing kept, or when storage refuses', () => {
		const league = page('/league');
		const storage = memoryStorage();
		for (const key of Object.values(PAINT_KEYS)) storage.items.set(key, '{}');
		expect(run(league, storage)).toEqual([]);
		expect(run(page('/'), memoryStorage())).toEqual([]);
		expect(run(page('/'), memoryStorage(true))).toEqual([]);
	});
});

describe('paintKeyOf and nextMidnight', () => {
	it('keeps Home and a game’s scorecard, not its other pages', () => {
		expect(paintKeyOf('/')).toBe(PAINT_KEYS.home);
		expect(paintKeyOf('/game/abc')).toBe(PAINT_KEYS.game);
		expect(paintKeyOf('/game/abc/sign')).toBeNull();
		expect(paintKeyOf('/league')).toBeNull();
	});

	it('is the next local midnight', () => {
		const now = new Date(2026, 11, 2, 23, 59);
		expect(nextMidnight(now)).toBe(new Date(2026, 11, 3).getTime());
	});
});
