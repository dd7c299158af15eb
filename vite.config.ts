import { sveltekit } from '@sveltejs/kit/vite';
import { SvelteKitPWA } from '@vite-pwa/sveltekit';
import { defineConfig } from 'vitest/config';
import { readFileSync } from 'node:fs';
import type { ChunkingContext } from 'rolldown';

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

export default defineConfig({
	define: {
		__APP_VERSION__: JSON.stringify(pkg.version)
	},
	plugins: [
		sveltekit(),
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
				globPatterns: ['client/**/*.{js,css,ico,png,svg,webp,webmanifest,woff2}']
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
						{ name: shellChunk, priority: 2 },
						{ name: scorecardChunk, priority: 1 }
					]
				}
			}
		}
	},
	preview: { port: 4173, strictPort: true },
	test: {
		include: ['tests/unit/**/*.test.ts', 'tests/server/**/*.test.ts'],
		environment: 'node',
		// Bounds on a hang, not on speed: CI shares 2 cores with other work, where a test that
		// takes 1 s alone has taken over 5 s (vitest's default limit), and `expect.poll`'s
		// default second is short for a live query's next answer.
		testTimeout: 30_000,
		hookTimeout: 60_000,
		expect: { poll: { timeout: 10_000 } }
	}
});
