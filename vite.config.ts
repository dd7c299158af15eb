import { sveltekit } from '@sveltejs/kit/vite';
import { SvelteKitPWA } from '@vite-pwa/sveltekit';
import { defineConfig } from 'vitest/config';
import { existsSync, readFileSync, statSync } from 'node:fs';
import type { ChunkingContext } from 'rolldown';
import type { Plugin } from 'vite';
import { appPolicy, headersFor, inlineScriptHashes } from './server/core/security-headers';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
	version: string;
};

/**
 * The first paint's code in two chunks: the root layout with all it imports statically
 * (`shell`: the framework, Dexie, the store), and what the scorecard's page adds to it
 * (`scorecard`). gzip compresses one file of them several KB smaller than the two dozen small
 * chunks automatic splitting makes; two keep the home screen from loading the scorecard's
 * engine and board. Modules the home page shares with the scorecard, outside the shell, are
 * left to automatic splitting.
 */
const LAYOUT = ['/src/routes/+layout.svelte'];
const SCORECARD = ['/src/routes/game/[id]/+page.svelte'];
const HOME = ['/src/routes/+page.svelte'];

/** Whether module `id` is imported, statically and perhaps through others, by one of `roots`. */
function reachedFrom(roots: string[], id: string, ctx: ChunkingContext): boolean {
	const seen = new Set<string>();
	const reaches = (m: string): boolean => {
		if (roots.some((root) => m.endsWith(root))) return true;
		if (seen.has(m)) return false;
		seen.add(m);
		return (ctx.getModuleInfo(m)?.importers ?? []).some(reaches);
	};
	return reaches(id);
}

function shellChunk(id: string, ctx: ChunkingContext): string | null {
	return reachedFrom(LAYOUT, id, ctx) ? 'shell' : null;
}

function scorecardChunk(id: string, ctx: ChunkingContext): string | null {
	return reachedFrom(SCORECARD, id, ctx) && !reachedFrom(HOME, id, ctx) ? 'scorecard' : null;
}
/**
 * The league's layout and the instructor's three busiest pages. Automatic splitting made each
 * one's code a chain of four or five rounds of small imports, each found only once the one
 * before had arrived; what they import outside the shell, and Home does not, now comes in two
 * chunks: `league`, theirs alone, and `pages`, what they share with a game's other pages
 * (signing, turning in, a new game, printing: the db modules, the cards' checks). Those pages
 * load `pages` but not `league`.
 */
const LEAGUE = [
	'/src/routes/league/[id]/+layout.svelte',
	'/src/routes/league/[id]/+page.svelte',
	'/src/routes/league/[id]/students/[pid]/+page.svelte',
	'/src/routes/league/[id]/cards/+page.svelte'
];
const GAME_PAGES = [
	'/src/routes/game/[id]/sign/+page.svelte',
	'/src/routes/game/[id]/turn-in/+page.svelte',
	'/src/routes/game/[id]/print/+page.svelte',
	'/src/routes/game/new/+page.svelte'
];

type PagesGroup = 'league' | 'pages' | null;

/**
 * The group of module `id` outside the shell: `league` or `pages` (see LEAGUE), or null (left
 * to automatic splitting) when Home reaches it, or when one of its imports outside the shell is
 * left out: a group takes its modules' imports along (rolldown's `includeDependenciesRecursively`,
 * which cannot be turned off without changing how every chunk runs), so a module importing one
 * Home shares would bring that one, and then the whole chunk, to Home.
 */
function pagesGroup(
	id: string,
	ctx: ChunkingContext,
	seen = new Map<string, PagesGroup>()
): PagesGroup {
	const known = seen.get(id);
	if (known !== undefined) return known;
	if (reachedFrom(HOME, id, ctx) || !reachedFrom(LEAGUE, id, ctx)) return null;
	const group: PagesGroup = reachedFrom(GAME_PAGES, id, ctx) ? 'pages' : 'league';
	// An import cycle: taken as grouped while its first module is being decided.
	seen.set(id, group);
	const deps = ctx.getModuleInfo(id)?.importedIds ?? [];
	// A `pages` module's imports are reached from both sides too, so are `pages` or left out.
	const whole = deps.every((dep) => reachedFrom(LAYOUT, dep, ctx) || pagesGroup(dep, ctx, seen));
	seen.set(id, whole ? group : null);
	return whole ? group : null;
}

function leagueChunk(id: string, ctx: ChunkingContext): string | null {
	return pagesGroup(id, ctx) === 'league' ? 'league' : null;
}

function pagesChunk(id: string, ctx: ChunkingContext): string | null {
	return pagesGroup(id, ctx) === 'pages' ? 'pages' : null;
}

/** V8's explicit compile hint: compile every function of the file as the file is compiled. */
const EAGER_HINT = '//# allFunctionsCalledOnLoad';

/**
 * Puts V8's compile hint on the first line of the chunks named `chunkNames`.
 *
 * Why: a cold start calls nearly every function of the first paint's chunks, and V8 compiles a
 * function, by default, on its first call, on the page's main thread: in a trace of a cold start
 * at 4× slowdown, about a third of the main thread's time went to such compiling. With the
 * hint, V8 compiles them with the file, while it streams in on a background thread (Chrome 136
 * and later; other browsers read a comment).
 *
 * Why not `output.postBanner`: Vite adds its list of a chunk's lazy dependencies above any
 * banner, and V8 applies the hint to the functions after it. In back-to-back cold starts at 4×
 * slowdown, the shell's first run took about 230 ms without the hint, 210 with it on the second
 * line, 160 to 190 on the first.
 */
function compileHints(chunkNames: readonly string[]): Plugin {
	const eager = new Set(chunkNames);
	return {
		name: 'muggins:compile-hints',
		apply: 'build',
		generateBundle: {
			order: 'post',
			handler(_options, bundle) {
				for (const file of Object.values(bundle)) {
					if (file.type !== 'chunk' || !eager.has(file.name)) continue;
					file.code = `${EAGER_HINT}\n${file.code}`;
					// A source map's lines move down by one: an empty first line of mappings.
					const map = bundle[`${file.fileName}.map`];
					if (map?.type === 'asset' && typeof map.source === 'string') {
						const parsed = JSON.parse(map.source) as { mappings: string };
						parsed.mappings = `;${parsed.mappings}`;
						map.source = JSON.stringify(parsed);
					}
				}
			}
		}
	};
}

/**
 * `vite preview` (the browser tests) sends the headers the school server sends: the same
 * Content-Security-Policy, worked out the same way from the built page's inline scripts
 * (server/core/security-headers.ts), so a story that breaks the policy fails in the tests.
 */
function securityHeadersOnPreview(shellPath = 'build/index.html'): Plugin {
	let known: { at: number; policy: string } | null = null;
	const policy = () => {
		const at = existsSync(shellPath) ? statSync(shellPath).mtimeMs : 0;
		if (known?.at !== at) {
			const shell = at ? readFileSync(shellPath, 'utf8') : '';
			known = { at, policy: appPolicy(inlineScriptHashes(shell)) };
		}
		return known.policy;
	};
	return {
		name: 'muggins:security-headers',
		configurePreviewServer(server) {
			server.middlewares.use((req, res, next) => {
				const path = (req.url ?? '/').split('?')[0] ?? '/';
				for (const [name, value] of Object.entries(headersFor(path, policy()))) {
					res.setHeader(name, value);
				}
				next();
			});
		}
	};
}

export default defineConfig({
	define: {
		__APP_VERSION__: JSON.stringify(pkg.version)
	},
	plugins: [
		sveltekit(),
		// The first paint's two chunks (see LAYOUT): a cold start runs nearly all of them.
		compileHints(['shell', 'scorecard']),
		securityHeadersOnPreview(),
		SvelteKitPWA({
			// Never reload on its own: the app shows "Update available" and waits for a tap.
			registerType: 'prompt',
			injectRegister: false,
			kit: { adapterFallback: 'index.html', spa: { fallbackMapping: '/' } },
			manifest: false,
			workbox: {
				navigateFallback: '/',
				// An empty prefix map stops the plugin adding a pattern for prerendered pages (there are none).
				modifyURLPrefix: {},
				// wasm: the scanner's ZXing reader (`transfer/scan.ts`), 1.09 MB, under Workbox's 2 MiB cap.
				globPatterns: ['client/**/*.{js,css,ico,png,svg,webp,webmanifest,woff2,wasm}']
			},
			devOptions: { enabled: false }
		})
	],
	resolve: {
		// Dexie's package entry wraps its UMD build; the ES module build is ~1 KB smaller gzipped.
		alias: [{ find: /^dexie$/, replacement: 'dexie/dist/modern/dexie.mjs' }]
	},
	build: {
		// No helper that fetches a lazy chunk's JavaScript imports ahead of it (it and its calls
		// cost the first paint about 1.8 KB gzipped): the browser fetches them once it has the
		// chunk, from the service worker's cache after the first visit. A lazy chunk's CSS is
		// still loaded with it.
		modulePreload: false,
		// For bench/profile.ts, which names the minified functions it samples.
		sourcemap: process.env.BUILD_SOURCEMAP === '1',
		rolldownOptions: {
			output: {
				codeSplitting: {
					// The shell first: a group takes its modules' imports along, and the scorecard's
					// page imports the store too.
					groups: [
						{ name: shellChunk, priority: 4 },
						{ name: scorecardChunk, priority: 3 },
						// Before `league`, whose modules import its modules.
						{ name: pagesChunk, priority: 2 },
						{ name: leagueChunk, priority: 1 }
					]
				}
			}
		}
	},
	preview: { port: 4173, strictPort: true },
	test: {
		include: ['tests/unit/**/*.test.ts', 'tests/server/**/*.test.ts'],
		environment: 'node',
		// Three test files at a time on CI's 2 cores: Vitest's default (cores − 1) ran one, and many
		// files, the server's most of all, spend their time waiting on a socket, a database or a
		// child process. The whole suite took 191 s with one (1.3 cores busy) and 150 s with three,
		// on a quiet machine. Not the threads pool: two tests of live queries across tabs
		// (db/lists, state/first-game) fail in it.
		maxWorkers: 3,
		// Bounds on a hang, not on speed: CI shares 2 cores with other work, where a test that
		// takes 1 s alone has taken over 5 s (vitest's default limit), and `expect.poll`'s
		// default second is short for a live query's next answer.
		testTimeout: 30_000,
		hookTimeout: 60_000,
		expect: { poll: { timeout: 10_000 } }
	}
});
