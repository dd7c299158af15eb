import { sveltekit } from '@sveltejs/kit/vite';
import { SvelteKitPWA } from '@vite-pwa/sveltekit';
import { defineConfig } from 'vitest/config';
import { readFileSync } from 'node:fs';
import type { ChunkingContext } from 'rolldown';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
	version: string;
};

/**
 * The modules the scorecard's first paint needs (the root layout and the game page, and all
 * they import statically), bundled as one chunk: gzip compresses one file of them several KB
 * smaller than the two dozen small chunks automatic splitting makes of them.
 */
const FIRST_PAINT = ['/src/routes/+layout.svelte', '/src/routes/game/[id]/+page.svelte'];

function firstPaintChunk(id: string, ctx: ChunkingContext): string | null {
	const seen = new Set<string>();
	const reaches = (m: string): boolean => {
		if (FIRST_PAINT.some((root) => m.endsWith(root))) return true;
		if (seen.has(m)) return false;
		seen.add(m);
		return (ctx.getModuleInfo(m)?.importers ?? []).some(reaches);
	};
	return reaches(id) ? 'first-paint' : null;
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
		rolldownOptions: { output: { codeSplitting: { groups: [{ name: firstPaintChunk }] } } }
	},
	preview: { port: 4173, strictPort: true },
	test: {
		include: ['tests/unit/**/*.test.ts', 'tests/server/**/*.test.ts'],
		environment: 'node'
	}
});
