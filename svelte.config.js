import adapter from '@sveltejs/adapter-static';
import { vitePreprocess } from '@sveltejs/vite-plugin-svelte';

/** @type {import('@sveltejs/kit').Config} */
const config = {
	preprocess: vitePreprocess(),
	compilerOptions: { runes: true },
	kit: {
		// A client-only SPA: every unknown path falls back to the shell, which the service
		// worker also serves offline.
		adapter: adapter({ pages: 'build', fallback: 'index.html', strict: true }),
		// Absolute asset paths, so a deep link served from the worker's shell still finds /_app.
		paths: { relative: false },
		serviceWorker: { register: false },
		alias: { $tests: 'tests' }
	}
};

export default config;
