import adapter from '@sveltejs/adapter-static';
import { vitePreprocess } from '@sveltejs/vite-plugin-svelte';
import { headStart } from './scripts/head-start.js';

/** @type {import('@sveltejs/kit').Config} */
const config = {
	preprocess: vitePreprocess(),
	compilerOptions: { runes: true },
	kit: {
		// A client-only SPA: every unknown path falls back to the shell, which the service
		// worker also serves offline. On a game's address, the shell asks for the scorecard's
		// code with its own: the page a phone opens most (see scripts/head-start.js).
		adapter: headStart(adapter({ pages: 'build', fallback: 'index.html', strict: true }), {
			page: 'build/index.html',
			component: 'src/routes/game/[id]/+page.svelte',
			path: /^\/game\/(?!new\/?$)[^/]+\/?$/
		}),
		// Absolute asset paths, so a deep link served from the worker's shell still finds /_app.
		paths: { relative: false },
		serviceWorker: { register: false },
		alias: { $tests: 'tests' }
	}
};

export default config;
