/**
 * `npm test`: the unit tests and the app's build side by side, then the browser tests, which
 * test that build. One after the other, the build (about 1.3 minutes, mostly one thread) waited
 * for the unit tests (about 2.7 minutes) on CI's 2 cores, and the whole CI ran 20.9 minutes on a
 * clean clone (2026-12-03), over its 20. The build's output is printed after the unit tests'
 * report, not inside it; a failure of either stops before the browser tests.
 *
 * Run through npm, which puts `node_modules/.bin` on the PATH.
 */
import { spawn } from 'node:child_process';

/**
 * Runs `command` with `args`; its output goes to the terminal, or is kept when `quiet`.
 * @param {string} command
 * @param {string[]} args
 * @param {boolean} [quiet]
 * @returns {Promise<{ ok: boolean; output: string }>}
 */
function run(command, args, quiet = false) {
	return new Promise((resolve) => {
		const child = spawn(command, args, { stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
		let output = '';
		if (quiet) {
			child.stdout?.on('data', (chunk) => (output += chunk));
			child.stderr?.on('data', (chunk) => (output += chunk));
		}
		child.on('error', (error) => resolve({ ok: false, output: `${output}${error.message}\n` }));
		child.on('close', (code) => resolve({ ok: code === 0, output }));
	});
}

// Once before both: each then finds SvelteKit's generated files as they should be and leaves
// them unwritten, so neither reads a file the other is writing.
const synced = await run('svelte-kit', ['sync']);
if (!synced.ok) process.exit(1);

const [unit, build] = await Promise.all([run('vitest', ['run']), run('vite', ['build'], true)]);
process.stdout.write(`\n--- vite build: ${build.ok ? 'done' : 'FAILED'}\n${build.output}`);
if (!unit.ok || !build.ok) {
	console.error(
		`\n${!unit.ok ? 'The unit tests failed' : 'The build failed'}: no browser tests run.`
	);
	process.exit(1);
}
const browser = await run('playwright', ['test']);
process.exit(browser.ok ? 0 : 1);
