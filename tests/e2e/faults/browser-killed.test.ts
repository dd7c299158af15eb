import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from '@playwright/test';
import { expect, expectAccessible, test } from '../a11y';
import { CHROME_ARGS, CHROME_PATH } from '../support';
import { score, shownTotals, startGame, storedSeqs } from '../game-helpers';

/** Kills Chromium's whole process group at once (no close, no unload) and waits for it to go. */
async function kill(child: ChildProcess): Promise<void> {
	if (child.exitCode !== null || child.signalCode !== null) return;
	const exited = new Promise((resolve) => child.once('exit', resolve));
	process.kill(-(child.pid as number), 'SIGKILL');
	await exited;
}

/** A headless Chromium of our own on `profile`, so the test can kill its process outright. */
async function launch(
	profile: string
): Promise<{ context: BrowserContext; process: ChildProcess }> {
	const child = spawn(
		CHROME_PATH,
		[
			...CHROME_ARGS,
			'--headless',
			'--remote-debugging-port=0',
			`--user-data-dir=${profile}`,
			'about:blank'
		],
		// Its own process group, so the kill reaches the renderers and helpers too.
		{ detached: true, stdio: ['ignore', 'ignore', 'pipe'] }
	);
	const endpoint = await new Promise<string>((resolve, reject) => {
		let seen = '';
		child.stderr?.on('data', (chunk: Buffer) => {
			seen += chunk.toString();
			const m = /DevTools listening on (ws:\/\/\S+)/.exec(seen);
			if (m?.[1]) resolve(m[1]);
		});
		child.once('exit', (code) => reject(new Error(`Chromium exited (${code}): ${seen}`)));
	});
	const [context] = (await chromium.connectOverCDP(endpoint)).contexts();
	if (!context) throw new Error('Chromium started without its default context');
	return { context, process: child };
}

test('every acknowledged score is there after the browser process is killed', async ({
	baseURL
}) => {
	const origin = baseURL as string;
	const profile = await mkdtemp(join(tmpdir(), 'muggins-killed-'));
	const started: ChildProcess[] = [];
	try {
		const first = await launch(profile);
		started.push(first.process);
		const page = await first.context.newPage();
		const id = await startGame(page, ['Ana', 'Ben', 'Cara'], origin);
		// Each score counts as acknowledged once its "Recorded: …" line shows.
		await score(page, 'Ana', 10);
		await score(page, 'Ben', 5);
		await score(page, 'Cara', 15);
		await score(page, 'Ana', 20);
		await score(page, 'Ben', 10);
		const before = await shownTotals(page);
		expect(before).toEqual({ Ana: 30, Ben: 15, Cara: 15 });

		await kill(first.process);

		const second = await launch(profile);
		started.push(second.process);
		const again = await second.context.newPage();
		await again.goto(`${origin}/game/${id}`);
		await expect(again.getByRole('heading', { name: 'Hand 1' })).toBeVisible();
		expect(await storedSeqs(again, id)).toEqual([1, 2, 3, 4, 5]);
		await expect.poll(() => shownTotals(again)).toEqual(before);
		await expectAccessible(again, 'the game reopened after the browser was killed');
	} finally {
		for (const child of started) await kill(child);
		await rm(profile, { recursive: true, force: true });
	}
});
