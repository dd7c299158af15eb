import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import svelte from 'eslint-plugin-svelte';
import globals from 'globals';
import ts from 'typescript-eslint';
import svelteConfig from './svelte.config.js';

export default ts.config(
	{ ignores: ['build/', '.svelte-kit/', 'node_modules/', 'test-results/', 'playwright-report/'] },
	js.configs.recommended,
	...ts.configs.recommended,
	...svelte.configs.recommended,
	prettier,
	...svelte.configs.prettier,
	{
		languageOptions: { globals: { ...globals.browser, ...globals.node } },
		rules: { 'no-undef': 'off' }
	},
	{
		files: ['**/*.svelte', '**/*.svelte.ts', '**/*.svelte.js'],
		languageOptions: {
			parserOptions: {
				projectService: true,
				extraFileExtensions: ['.svelte'],
				parser: ts.parser,
				svelteConfig
			}
		}
	},
	{
		// The rules engine is pure: no storage, no UI framework, no DOM, no clock.
		files: ['src/lib/rules/**/*.ts'],
		rules: {
			'no-restricted-imports': [
				'error',
				{
					patterns: [
						'dexie',
						'svelte',
						'svelte/*',
						'$app/*',
						'$lib/db/*',
						'$lib/state/*',
						'../db/*'
					]
				}
			],
			'no-restricted-globals': [
				'error',
				'window',
				'document',
				'navigator',
				'indexedDB',
				'localStorage'
			],
			'no-restricted-properties': [
				'error',
				{ object: 'Date', property: 'now', message: 'Time comes in as an argument.' },
				{ object: 'Math', property: 'random', message: 'Randomness comes in as an argument.' },
				{ object: 'crypto', property: 'randomUUID', message: 'Ids come in as arguments.' }
			]
		}
	},
	{
		// The card core is pure like the rules (the school server imports it); transfer/ reads
		// and writes codes and files with it, never the store.
		files: ['src/lib/card/**/*.ts', 'src/lib/transfer/**/*.ts'],
		rules: {
			'no-restricted-imports': [
				'error',
				{ patterns: ['dexie', 'svelte', 'svelte/*', '$app/*', '$lib/db/*', '$lib/state/*'] }
			]
		}
	},
	{
		// Routes stay thin: they call the entity modules, never the tables.
		files: ['src/routes/**/*'],
		rules: {
			'no-restricted-imports': ['error', { patterns: ['$lib/db/db', '$lib/db/schema', 'dexie'] }]
		}
	}
);
