import { describe, expect, it } from 'vitest';
import { filesOf, nodeOf, withHeadStart } from '../../../scripts/head-start.js';

const manifest = {
	'.svelte-kit/generated/client-optimized/nodes/3.js': {
		file: '_app/immutable/nodes/3.home.js',
		src: '.svelte-kit/generated/client-optimized/nodes/3.js',
		isEntry: true,
		imports: ['_shell.js']
	},
	'.svelte-kit/generated/client-optimized/nodes/4.js': {
		file: '_app/immutable/nodes/4.game.js',
		src: '.svelte-kit/generated/client-optimized/nodes/4.js',
		isEntry: true,
		imports: ['_scorecard.js']
	},
	'_scorecard.js': {
		file: '_app/immutable/chunks/scorecard.js',
		imports: ['_shell.js', '_board.js'],
		css: ['_app/immutable/assets/scorecard.css']
	},
	// An import cycle, as chunks may have.
	'_board.js': { file: '_app/immutable/chunks/board.js', imports: ['_scorecard.js'] },
	'_shell.js': { file: '_app/immutable/chunks/shell.js', css: ['_app/immutable/assets/shell.css'] }
};

const sources: Record<string, string> = {
	'.svelte-kit/generated/client-optimized/nodes/3.js':
		'export { default as component } from "../../../../src/routes/+page.svelte";',
	'.svelte-kit/generated/client-optimized/nodes/4.js':
		'export { default as component } from "../../../../src/routes/game/[id]/+page.svelte";'
};
const read = (src: string) => sources[src] ?? '';

const page = `<head>
		<link href="/_app/immutable/chunks/shell.js" rel="modulepreload">
		<link href="/_app/immutable/assets/shell.css" rel="stylesheet">
	</head>`;

const GAME = /^\/game\/(?!new\/?$)[^/]+\/?$/;

describe('nodeOf', () => {
	it('finds the page module that loads a route’s page', () => {
		expect(nodeOf(manifest, 'src/routes/game/[id]/+page.svelte', read)).toBe(
			'.svelte-kit/generated/client-optimized/nodes/4.js'
		);
		expect(nodeOf(manifest, 'src/routes/+page.svelte', read)).toBe(
			'.svelte-kit/generated/client-optimized/nodes/3.js'
		);
	});

	it('finds none for a page no module loads, nor for a path that merely ends the same', () => {
		expect(nodeOf(manifest, 'src/routes/settings/+page.svelte', read)).toBeNull();
		expect(nodeOf(manifest, 'routes/+page.svelte', read)).toBeNull();
	});
});

describe('filesOf', () => {
	it('lists the styles first, then each script after those it imports, once each', () => {
		expect(filesOf(manifest, '.svelte-kit/generated/client-optimized/nodes/4.js')).toEqual([
			'_app/immutable/assets/shell.css',
			'_app/immutable/assets/scorecard.css',
			'_app/immutable/chunks/shell.js',
			'_app/immutable/chunks/board.js',
			'_app/immutable/chunks/scorecard.js',
			'_app/immutable/nodes/4.game.js'
		]);
	});

	it('lists nothing for an unknown entry', () => {
		expect(filesOf(manifest, 'nope')).toEqual([]);
	});
});

/** The links the page's head scripts add at `pathname`, in the order they are added. */
function linksAt(html: string, pathname: string): string[] {
	const added: { rel: string; as?: string; href: string }[] = [];
	const document = {
		createElement: () => ({}) as { rel: string; as?: string; href: string },
		head: {
			append: (link: { rel: string; as?: string; href: string }) => added.push(link),
			querySelectorAll: () => added.filter((l) => l.rel === 'preload' && l.as === 'style')
		}
	};
	for (const [, body] of html.matchAll(/<script>([\s\S]*?)<\/script>/g)) {
		new Function('location', 'document', body!)({ pathname }, document);
	}
	return added.map((l) => `${l.rel}${l.as ? `:${l.as}` : ''} ${l.href}`);
}

describe('withHeadStart', () => {
	const files = filesOf(manifest, '.svelte-kit/generated/client-optimized/nodes/4.js');
	const html = withHeadStart(page, { files, base: '', path: GAME });

	it('preloads before the first stylesheet, applies the styles at the end of the head', () => {
		const preload = html.indexOf('<script>');
		const apply = html.lastIndexOf('<script>');
		expect(preload).toBeLessThan(html.indexOf('rel="stylesheet"'));
		expect(apply).toBeGreaterThan(html.indexOf('rel="stylesheet"'));
		expect(html.indexOf('</head>')).toBeGreaterThan(apply);
	});

	it.each([
		['/game/5f0c', true],
		['/game/5f0c/', true],
		['/game/new', false],
		['/game/5f0c/sign', false],
		['/', false],
		['/league/1', false]
	])('at %s, asks for the page’s files: %s', (pathname, asks) => {
		expect(linksAt(html, pathname)).toEqual(
			asks
				? [
						// Not the shell's: the page names those already.
						'preload:style /_app/immutable/assets/scorecard.css',
						'modulepreload /_app/immutable/chunks/board.js',
						'modulepreload /_app/immutable/chunks/scorecard.js',
						'modulepreload /_app/immutable/nodes/4.game.js',
						'stylesheet /_app/immutable/assets/scorecard.css'
					]
				: []
		);
	});

	it('reads the address after the app’s base path', () => {
		const based = withHeadStart(page.replaceAll('/_app/', '/scores/_app/'), {
			files,
			base: '/scores',
			path: GAME
		});
		expect(linksAt(based, '/scores/game/5f0c')).toContain(
			'modulepreload /scores/_app/immutable/nodes/4.game.js'
		);
		expect(linksAt(based, '/game/5f0c')).toEqual([]);
	});

	it('leaves a page that already names every file as it is', () => {
		expect(
			withHeadStart(page, { files: ['_app/immutable/chunks/shell.js'], base: '', path: GAME })
		).toBe(page);
	});
});
