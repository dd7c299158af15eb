/**
 * Build step: the app's one page, which the service worker serves for every address, asks for
 * one route's code and styles as it is parsed, when the address is that route's.
 *
 * Why: that page names only the shell's files. Without this, a cold start of a game's
 * scorecard (the page a phone opens most, from its home screen or a reload) asked for the
 * scorecard's styles once the shell had run, and for its script only once the styles had
 * arrived (Vite loads a lazy chunk's CSS first), one after the other, after the router had
 * started. Now they load with the shell's: in a cold start at 4× CPU slowdown they are asked
 * for at about 150 ms instead of after 400.
 *
 * Node only (run by svelte.config.js): plain JavaScript, typed by JSDoc.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * An entry of Vite's build manifest (`.vite/manifest.json`), as far as this step reads it.
 * @typedef {{ file: string, src?: string, isEntry?: boolean, imports?: string[], css?: string[] }} ManifestChunk
 */

/**
 * The key of the client node (SvelteKit's generated module for a route's page) that loads
 * `component`, or null.
 * @param {Record<string, ManifestChunk>} manifest
 * @param {string} component a route's page, from the project's root: `src/routes/…/+page.svelte`
 * @param {(src: string) => string} read the text of a manifest entry's source file
 * @returns {string | null}
 */
export function nodeOf(manifest, component, read) {
	for (const [key, chunk] of Object.entries(manifest)) {
		if (!chunk.isEntry || !chunk.src || !/\/nodes\/\d+\.js$/.test(chunk.src)) continue;
		// Its import of the page, a path relative to the generated module: `"../../../../src/…"`.
		if (read(chunk.src).includes(`../${component}"`)) return key;
	}
	return null;
}

/**
 * The files the browser needs to run manifest entry `key`: the styles first (a lazy chunk's
 * loader waits for them), then the scripts, each after those it imports.
 * @param {Record<string, ManifestChunk>} manifest
 * @param {string} key
 * @returns {string[]}
 */
export function filesOf(manifest, key) {
	/** @type {Set<string>} */
	const seen = new Set();
	/** @type {ManifestChunk[]} */
	const chunks = [];
	/** @param {string} k */
	const visit = (k) => {
		const chunk = manifest[k];
		if (!chunk || seen.has(k)) return;
		seen.add(k);
		for (const dep of chunk.imports ?? []) visit(dep);
		chunks.push(chunk);
	};
	visit(key);
	const styles = chunks.flatMap((c) => c.css ?? []);
	return [...new Set([...styles, ...chunks.map((c) => c.file)])];
}

/**
 * `html` with two scripts in its head that, when the address's path (after `base`) matches
 * `path`, ask for each file of `files` that `html` does not already name.
 *
 * The first goes before the page's first stylesheet (an inline script after one waits until
 * it has loaded): it preloads every file. The second, at the end of the head, applies the
 * preloaded styles after the app's own, the order the page's loader would give them.
 * @param {string} html
 * @param {{ files: string[], base: string, path: RegExp }} start
 * @returns {string}
 */
export function withHeadStart(html, { files, base, path }) {
	const hrefs = files.map((f) => `${base}/${f}`).filter((href) => !html.includes(`"${href}"`));
	const first = html.search(/<link [^>]*rel="stylesheet"|<\/head>/);
	if (hrefs.length === 0 || first < 0) return html;
	const address = base ? `location.pathname.slice(${base.length})` : 'location.pathname';
	const preload = `<script>
			// This page's own modules and styles, asked for with the app's (scripts/head-start.js).
			if (${path}.test(${address}))
				for (const href of ${JSON.stringify(hrefs)}) {
					const link = document.createElement('link');
					link.rel = href.endsWith('.css') ? 'preload' : 'modulepreload';
					if (href.endsWith('.css')) link.as = 'style';
					link.href = href;
					document.head.append(link);
				}
		</script>
		`;
	const apply = `<script>
			for (const preloaded of document.head.querySelectorAll('link[rel="preload"][as="style"]')) {
				const link = document.createElement('link');
				link.rel = 'stylesheet';
				link.href = preloaded.href;
				document.head.append(link);
			}
		</script>
	`;
	const rest = html.slice(first).replace('</head>', `${apply}</head>`);
	return html.slice(0, first) + preload + rest;
}

/**
 * `adapter`, and then, in the page it wrote at `page`, the head start (see `withHeadStart`) of
 * the route whose page is `component`, on the addresses matching `path`.
 * @param {import('@sveltejs/kit').Adapter} adapter
 * @param {{ page: string, component: string, path: RegExp }} options
 * @returns {import('@sveltejs/kit').Adapter}
 */
export function headStart(adapter, { page, component, path }) {
	return {
		...adapter,
		async adapt(builder) {
			await adapter.adapt(builder);
			const root = process.cwd();
			const manifestFile = join(builder.config.kit.outDir, 'output/client/.vite/manifest.json');
			/** @type {Record<string, ManifestChunk>} */
			const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
			const node = nodeOf(manifest, component, (src) => readFileSync(join(root, src), 'utf8'));
			if (!node) throw new Error(`head-start: no page module loads ${component}.`);
			const html = readFileSync(page, 'utf8');
			const files = filesOf(manifest, node);
			writeFileSync(
				page,
				withHeadStart(html, { files, base: builder.config.kit.paths.base, path })
			);
			builder.log.minor(`Head start for ${component}: ${files.length} files.`);
		}
	};
}
