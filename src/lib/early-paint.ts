/**
 * The early paint (issue 39): Home's and a scorecard's screen as the app last drew it, kept in
 * localStorage and put into the page by a small script in `src/app.html` while the page is
 * read, before any of the app's modules run. The app then starts hidden behind it and takes
 * the screen over once its own drawing is the same, node for node; so a cold start shows the
 * screen after the page and its styles alone, not after SvelteKit, the layout, the page's code
 * and the plain read (`db/plain-read.ts`) have run, which took 400-700 ms more than that at 4×
 * CPU slowdown (docs/speed.md).
 *
 * What is kept is the app's own markup, so it shows the same words and layout, and reads the
 * same to a screen reader. It is kept only while true:
 * - a screen keeps it only in the state a start draws (`keepsPaint`: Home without its
 *   first-start question, a scorecard on its Score tab with no sheet open);
 * - every write to the store forgets it (`forgetEarlyPaints`, from `db/db.ts`), and it is kept
 *   again only once the store has had no write for `WRITE_SETTLE_MS`, time for the screen to
 *   draw what was written;
 * - it is for the build that drew it (the page's module list) and the day it was drawn (Home
 *   says "today" and "yesterday");
 * - the app takes over only from a drawing equal to it; if its own drawing differs (which
 *   would mean the above missed something), it takes over anyway once that drawing is there
 *   and has settled, after `MISMATCH_MS`.
 *
 * A first visit has nothing kept, and painted Home only once all of the app's code had run:
 * 974 ms at 4× CPU slowdown, where the same page with none of the app's code paints in 212
 * (docs/speed.md). So the page also holds Home as the app draws it on a device that has never
 * run it (the layout's frame, Home's heading, the first-start question and the welcome: the
 * `first-visit` template in `src/app.html`, written from the app's own drawing by `npm run
 * first-visit`), shown in the same way and taken over in the same way, only while none of
 * `RAN_KEYS` is stored: `STARTED_KEY` (set as the app starts, `markStarted`), `WRITTEN_KEY`, and
 * the note of the store's version that every opening of the store has written since long
 * before the others existed (`db/version-note.ts`), so a device that used an older version
 * does not show the welcome over its games.
 */

/** The keys of the kept screens; `src/app.html` reads the same. */
export const PAINT_KEYS = { home: 'muggins-paint:home', game: 'muggins-paint:game' } as const;
/** When the store was last written, for other tabs too (see `WRITE_SETTLE_MS`). */
export const WRITTEN_KEY = 'muggins-paint:written';
/** Set once the app has started on this device: a first visit's early screen is not for it. */
export const STARTED_KEY = 'muggins-started';
/**
 * Any of them stored means the app has run on this device. The last is `noteKey(DB_NAME)` of
 * `db/version-note.ts`, written out here (this module stays free of the store's code, and
 * `app.html` reads the same words); a unit test keeps them equal.
 */
export const RAN_KEYS = [STARTED_KEY, WRITTEN_KEY, 'muggins:db-version:muggins-league'] as const;
/** The id of the template holding a first visit's Home in `src/app.html`. */
export const FIRST_VISIT_ID = 'first-visit';
/** What shows a first visit's Home content (`ready` of its early screen). */
export const FIRST_VISIT_READY = '.lists, .welcome';
/** The class of the kept screen's element in the page (`app.css` hides what follows it). */
export const EARLY_CLASS = 'early-paint';

/** How long after a write a screen is not kept: its live queries draw the write meanwhile. */
export const WRITE_SETTLE_MS = 1500;
/** How long the app's screen, once drawn but unlike the kept one, waits before taking over. */
export const MISMATCH_MS = 1000;
/** Whatever happens, the app's screen shows by then. */
export const GIVE_UP_MS = 8000;
/** A screen is kept once its drawing has not changed for this long. */
const QUIET_MS = 500;

/** A kept screen, as stored. */
export interface KeptPaint {
	path: string;
	/** The page's module list when it was drawn (`buildKey`). */
	build: string;
	/** Kept until then (ms since 1970): the next midnight, local time. */
	until: number;
	/** Shown while the app's screen is not there yet: what shows its content. */
	ready: string;
	html: string;
}

/** Which key keeps the screen at `path`, if any. */
export function paintKeyOf(path: string): string | null {
	if (path === '/') return PAINT_KEYS.home;
	return /^\/game\/[^/]+$/.test(path) ? PAINT_KEYS.game : null;
}

/** The build the page belongs to: its modules' addresses, which change with their content. */
export function buildKey(doc: Document = document): string {
	return [...doc.querySelectorAll('link[rel="modulepreload"]')]
		.map((l) => l.getAttribute('href'))
		.join(' ');
}

/** The next midnight after `now`, local time. */
export function nextMidnight(now: Date): number {
	return new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1).getTime();
}

/**
 * The markup of `root`'s screen (its skip link and frame, not the banners or the service
 * worker's notes), as the kept screen holds it: without Svelte's comment markers, and with the state of inputs written into their
 * attributes (a radio checked by the app is checked as a property only).
 */
export function screenMarkup(root: Element): string {
	return [...root.children]
		.filter((el) => el.matches('.skip-link, .frame'))
		.map((el) => {
			const copy = el.cloneNode(true) as Element;
			const inputs = el.querySelectorAll('input');
			copy.querySelectorAll('input').forEach((input, i) => {
				const live = inputs[i];
				if (!live) return;
				input.toggleAttribute('checked', live.checked);
				// A radio of the kept screen would share its group with the app's, hidden behind
				// it: checking the app's would clear the kept one.
				if (live.type === 'radio') input.removeAttribute('name');
				if (live.type !== 'radio' && live.type !== 'checkbox')
					input.setAttribute('value', live.value);
			});
			// The service worker's notes (update-banner.svelte) sit in the page's content, but come
			// after the screen, once the page is idle: not part of it.
			copy.querySelectorAll('.toasts').forEach((notes) => notes.remove());
			const comments = copy.ownerDocument.createTreeWalker(copy, NodeFilter.SHOW_COMMENT);
			const found: Node[] = [];
			while (comments.nextNode()) found.push(comments.currentNode);
			for (const c of found) c.parentNode?.removeChild(c);
			return copy.outerHTML;
		})
		.join('');
}

function storage(): Storage | null {
	try {
		return typeof localStorage === 'undefined' ? null : localStorage;
	} catch {
		return null;
	}
}

/** Notes that the app has started on this device (see `STARTED_KEY`). */
export function markStarted(): void {
	try {
		storage()?.setItem(STARTED_KEY, '1');
	} catch {
		// Storage refused: the page's script, which reads it, shows nothing early either.
	}
}

/**
 * Whether this device has never run the app (nor written to its store): as the page's script
 * decides to show a first visit's Home. True until `markStarted`, as the app mounts.
 */
export function firstVisit(): boolean {
	const store = storage();
	try {
		return !!store && RAN_KEYS.every((key) => store.getItem(key) === null);
	} catch {
		return false;
	}
}

/** Forgets every kept screen: called as the store is written, and once the write is done. */
export function forgetEarlyPaints(): void {
	const store = storage();
	if (!store) return;
	try {
		for (const key of Object.values(PAINT_KEYS)) store.removeItem(key);
		store.setItem(WRITTEN_KEY, String(Date.now()));
	} catch {
		// Storage refused (full, or blocked): nothing is kept either way.
	}
}

/**
 * When the store was last written (in any tab); 0 when storage refuses (it then keeps nothing
 * either).
 */
function lastWritten(store: Storage): number {
	try {
		return Number(store.getItem(WRITTEN_KEY) ?? 0);
	} catch {
		return 0;
	}
}

/** Whether the store was written less than `WRITE_SETTLE_MS` ago (in any tab). */
function writtenLately(store: Storage, now: number): boolean {
	return now - lastWritten(store) < WRITE_SETTLE_MS;
}

/**
 * Keeps `root`'s screen for `path` when nothing was written lately. `ready` selects what shows
 * its content. Returns whether it was kept.
 */
export function keepEarlyPaint(
	root: Element,
	path: string,
	ready: string,
	now = new Date()
): boolean {
	const key = paintKeyOf(path);
	const store = storage();
	if (!key || !store || writtenLately(store, now.getTime())) return false;
	if (!root.querySelector(ready)) return false;
	const kept: KeptPaint = {
		path,
		build: buildKey(root.ownerDocument),
		until: nextMidnight(now),
		ready,
		html: screenMarkup(root)
	};
	try {
		store.setItem(key, JSON.stringify(kept));
		return true;
	} catch {
		return false;
	}
}

/** What the current screen asks to be kept as, while it is in a state a start draws. */
interface Keeper {
	ready: string;
	keeps: () => boolean;
}

let keeper: Keeper | null = null;

/**
 * For a page whose screen a start may show early (Home, a scorecard): while `keeps()` holds,
 * its screen is kept once it settles and when the page is hidden; `ready` selects its content.
 * Returns the stop, for the page's teardown.
 */
export function keepsPaint(ready: string, keeps: () => boolean): () => void {
	const mine: Keeper = { ready, keeps };
	keeper = mine;
	scheduleKeep();
	return () => {
		if (keeper === mine) keeper = null;
	};
}

let appRoot: Element | null = null;
/** Whether the app's own state allows keeping a screen (see `keepPaintsIn`). */
let appKeeps: () => boolean = () => true;
let quiet: ReturnType<typeof setTimeout> | undefined;

function keepNow(): void {
	if (!appRoot || !keeper || document.querySelector(`.${EARLY_CLASS}`)) return;
	if (!appKeeps() || !keeper.keeps()) return;
	const store = storage();
	const now = Date.now();
	if (store && writtenLately(store, now)) {
		// Tried again once the write has had its time to be drawn (a score tap draws nothing
		// more after it, and would otherwise be kept only when the page is hidden).
		clearTimeout(quiet);
		quiet = setTimeout(keepNow, lastWritten(store) + WRITE_SETTLE_MS - now + 50);
		return;
	}
	keepEarlyPaint(appRoot, location.pathname, keeper.ready);
}

function scheduleKeep(): void {
	clearTimeout(quiet);
	quiet = setTimeout(keepNow, QUIET_MS);
}

/**
 * Keeps the screens the app draws in `root` from here on (see `keepsPaint`), while `keeps()`
 * (the layout's part of a screen drawn as a start draws it). Called once, as the app's layout
 * mounts.
 */
export function keepPaintsIn(root: Element, keeps: () => boolean): void {
	appRoot = root;
	appKeeps = keeps;
	new MutationObserver(scheduleKeep).observe(root, {
		subtree: true,
		childList: true,
		attributes: true,
		characterData: true
	});
	addEventListener('pagehide', keepNow);
	document.addEventListener('visibilitychange', () => {
		if (document.visibilityState === 'hidden') keepNow();
	});
	scheduleKeep();
}

/**
 * Starts the app behind the early paint, if the page has one: the element after it is the
 * app's (app.html). Called as the app's code is evaluated, before it draws.
 */
export function startBehindEarlyPaint(): void {
	const early = document.querySelector(`body > .${EARLY_CLASS}`);
	const root = early?.nextElementSibling;
	if (early && root) followEarlyPaint(early, root);
}

/**
 * Takes the screen over from `early` once the app's drawing in `root` equals it (in the same
 * task, so no frame shows neither), or, unlike it, has shown its content for `MISMATCH_MS`.
 */
export function followEarlyPaint(early: Element, root: Element): void {
	const wanted = screenMarkup(early);
	const ready = early.getAttribute('data-ready') ?? '';
	let unlike: ReturnType<typeof setTimeout> | undefined;
	/** How the app took over, marked for the browser tests: `same`, `unlike` or `late`. */
	const done = (how: 'same' | 'unlike' | 'late') => {
		performance.mark(`early-paint-${how}`);
		observer.disconnect();
		clearTimeout(unlike);
		clearTimeout(giveUp);
		early.remove();
	};
	const check = () => {
		if (screenMarkup(root) === wanted) return done('same');
		clearTimeout(unlike);
		if (ready && root.querySelector(ready)) unlike = setTimeout(() => done('unlike'), MISMATCH_MS);
	};
	const observer = new MutationObserver(check);
	observer.observe(root, { subtree: true, childList: true, attributes: true, characterData: true });
	const giveUp = setTimeout(() => done('late'), GIVE_UP_MS);
	check();
}
