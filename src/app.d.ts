// See https://svelte.dev/docs/kit/types#app.d.ts
declare global {
	/** The package version, injected by Vite at build time. */
	const __APP_VERSION__: string;
	namespace App {}
}

export {};
