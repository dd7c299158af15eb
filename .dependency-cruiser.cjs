/**
 * `npm run deps` (part of `npm run check`): no import circle between files or between folders
 * (issue 35: two modules that import each other mean one of them is in the wrong place), and the
 * school server never reaches the store. ESLint keeps the pure layers free of Dexie, Svelte and
 * the DOM; this keeps the import graph one way.
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
	forbidden: [
		{
			name: 'no-file-circle',
			severity: 'error',
			comment: 'Two files that import each other, directly or through others.',
			from: {},
			to: { circular: true }
		},
		{
			name: 'no-folder-circle',
			severity: 'error',
			comment: 'Two folders whose files import each other, directly or through others.',
			scope: 'folder',
			from: {},
			to: { circular: true }
		},
		{
			name: 'server-never-reaches-the-store',
			severity: 'error',
			comment: 'The school server runs over the pure layers only, never Dexie (db/).',
			from: { path: '^server/' },
			to: { path: '^src/lib/db/', reachable: true }
		}
	],
	options: {
		doNotFollow: { path: 'node_modules' },
		exclude: { path: '(^|/)(node_modules|\\.svelte-kit|build)/' },
		tsPreCompilationDeps: true,
		tsConfig: { fileName: 'tsconfig.json' },
		webpackConfig: { fileName: '.dependency-cruiser-aliases.cjs' },
		enhancedResolveOptions: {
			exportsFields: ['exports'],
			conditionNames: ['import', 'require', 'node', 'default', 'svelte']
		}
	}
};
