/**
 * `npm run vectors -- FILE_OR_DIR...`: runs rule vector files (RULES.md §8) from anywhere on
 * disk against the engine, prints each failing case with expected and actual, and ends with
 * `N passed, M failed`. Exits 1 when anything failed or could not be read.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { judge, type VectorFile } from '../src/lib/rules/vectors';

function jsonFiles(path: string): string[] {
	if (!existsSync(path) || !statSync(path).isDirectory()) return [path];
	return readdirSync(path)
		.sort()
		.flatMap((name) => {
			const child = join(path, name);
			return statSync(child).isDirectory() || name.endsWith('.json') ? jsonFiles(child) : [];
		});
}

const args = process.argv.slice(2).filter((a) => a !== '--');
if (args.length === 0) {
	console.error(
		'Usage: npm run vectors -- FILE_OR_DIR... (for example: npm run vectors -- tests/vectors)'
	);
	process.exit(2);
}

let passed = 0;
let failed = 0;
for (const file of args.flatMap((a) => jsonFiles(resolve(a)))) {
	let data: VectorFile;
	try {
		data = JSON.parse(readFileSync(file, 'utf8')) as VectorFile;
		if (!Array.isArray(data.cases)) throw new Error('no "cases" list');
	} catch (err) {
		failed += 1;
		console.log(`FAIL ${file}: cannot read it as a vector file (${(err as Error).message})`);
		continue;
	}
	for (const c of data.cases) {
		const v = judge(c);
		if (v.passed) {
			passed += 1;
			continue;
		}
		failed += 1;
		console.log(`FAIL ${file} :: ${v.name}`);
		console.log(`  expected: ${JSON.stringify(v.expected)}`);
		console.log(`  actual:   ${JSON.stringify(v.actual)}`);
	}
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
