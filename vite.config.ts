import { sveltekit } from '@sveltejs/kit/vite';
import { SvelteKitPWA } from '@vite-pwa/sveltekit';
import { defineConfig } from 'vitest/config';
import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
	version: string;
};

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
	preview: { port: 4173, strictPort: true },
	test: {
		include: ['tests/unit/**/*.test.ts'],
		environment: 'node'
	}
});
