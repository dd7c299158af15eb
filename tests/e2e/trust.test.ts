/**
 * Trust by keys, offline, with three devices (issue 37): the instructor's laptop, a group's
 * phone, and an attacker who has the laptop's invite file and a phone's card file and makes
 * messages by hand in Node, signed with a key of their own. The phone refuses the forged
 * invite and a receipt the instructor did not make; the laptop, locked, refuses a forged
 * invite for its own league without asking for anything. Each refusal changes nothing.
 */
import { readFileSync } from 'node:fs';
import { webcrypto } from 'node:crypto';
import { type Locator, type Page } from '@playwright/test';
import { expect, expectAccessible, test } from './a11y';
import { playAndSign } from './card-helpers';
import { snap } from './snap';
import { leagueTab, leagueWithRoster, setPin } from './league-helpers';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Canonical JSON as the app writes it to sign (RFC 8785 for plain values): keys sorted. */
function canonical(value: Json): string {
	if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
	if (value !== null && typeof value === 'object') {
		const keys = Object.keys(value)
			.filter((k) => value[k] !== undefined)
			.sort();
		return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical(value[k]!)}`).join(',')}}`;
	}
	return JSON.stringify(value);
}

const b64url = (bytes: ArrayBuffer) => Buffer.from(bytes).toString('base64url');

/** The attacker's own key pair, and a message of theirs signed with it. */
async function attacker() {
	const pair = await webcrypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, [
		'sign',
		'verify'
	]);
	const key = b64url(await webcrypto.subtle.exportKey('raw', pair.publicKey));
	return {
		key,
		async sign(message: { [key: string]: Json }): Promise<{ [key: string]: Json }> {
			const bytes = new TextEncoder().encode(
				canonical({ ...message, seal: undefined } as unknown as Json)
			);
			const sig = await webcrypto.subtle.sign(
				{ name: 'ECDSA', hash: 'SHA-256' },
				pair.privateKey,
				bytes
			);
			return { ...message, seal: { key, sig: b64url(sig) } };
		}
	};
}

/** A file handed to a file input as it is (Playwright's `FilePayload`, not exported by name). */
type FilePayload = Extract<Parameters<Locator['setInputFiles']>[0], { buffer: Buffer }>;

/**
 * `message` as a `.muggins.json` file, as one would be handed around: given to the file input as
 * it is, so no file is left on the machine.
 */
function fileOf(name: string, message: unknown): FilePayload {
	return {
		name: `${name}.muggins.json`,
		mimeType: 'application/json',
		buffer: Buffer.from(JSON.stringify(message))
	};
}

/** The file `page` downloads when `button` is pressed, read as JSON. */
async function downloaded(page: Page, button: string): Promise<{ path: string; json: never }> {
	const download = page.waitForEvent('download');
	await page.getByRole('button', { name: button }).click();
	const path = await (await download).path();
	return { path, json: JSON.parse(readFileSync(path, 'utf8')) as never };
}

test('offline, a phone refuses a forged invite and a hand-made receipt; the locked laptop refuses a forged invite without asking anything', async ({
	browser,
	page
}) => {
	test.slow();
	const league = await leagueWithRoster(page, 'Period 3', ['Ana', 'Ben', 'Cleo']);
	await leagueTab(page, 'Invite');
	const invite = await downloaded(page, 'Share or download the invite file');
	const genuine = invite.json as { [key: string]: Json } & {
		league: { [key: string]: Json };
		roster: { [key: string]: Json }[];
	};

	// The attacker renames the league, moves its term and swaps two students' names, all dated
	// later, and signs it with their own key: once naming themselves the owner, once not.
	const them = await attacker();
	const later = '2099-01-01T00:00:00.000Z';
	const rewritten = {
		...genuine,
		seal: undefined,
		league: { ...genuine.league, name: 'Hacked', updatedAt: later },
		roster: genuine.roster.map((line, i) =>
			i < 2 ? { ...line, name: genuine.roster[1 - i]!.name, updatedAt: later } : line
		)
	} as unknown as { [key: string]: Json };
	const forged = fileOf('forged-invite', await them.sign(rewritten));
	const selfOwned = fileOf(
		'self-owned-invite',
		await them.sign({
			...rewritten,
			league: { ...(rewritten.league as { [key: string]: Json }), ownerKey: them.key }
		})
	);

	const phoneContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
	const phone = await phoneContext.newPage();
	await phone.goto('/league/join');
	await phone.getByLabel('Open files').setInputFiles(invite.path);
	await phone.waitForURL(`**${league}`);

	for (const file of [forged, selfOwned]) {
		await phone.goto('/league/join');
		await phone.getByLabel('Open files').setInputFiles(file);
		await expect(
			phone.getByText(/did not come from the instructor’s device this phone joined the league from/)
		).toBeVisible();
	}
	await expect(phone.getByRole('button', { name: 'Follow the new device' })).toBeVisible();
	await snap(phone, 'trust-forged-invite');
	await expectAccessible(phone, 'a forged invite refused on the phone');
	await phone.goto(league);
	await expect(phone.getByText('Period 3').first()).toBeVisible();
	await expect(phone.getByText('Hacked')).toHaveCount(0);

	// A receipt made by hand from the phone's own card file: its league, game and fingerprint.
	await playAndSign(phone, league, 'Ana', 'Ben');
	const card = await downloaded(phone, 'Share or download the card file');
	const played = card.json as { game: { id: string; fingerprint: string } };
	const receipt = {
		app: 'muggins-league',
		kind: 'receipt',
		format: 2,
		league: { id: genuine.league.id as string, name: 'Period 3' },
		at: new Date().toISOString(),
		cards: [{ gameId: played.game.id, fingerprint: played.game.fingerprint }]
	};
	const handMade = [
		fileOf('hand-made-receipt', { ...receipt, format: 1 }),
		fileOf('signed-receipt', await them.sign(receipt))
	];
	const receivePanel = phone.getByRole('region', { name: 'Receive the receipt' });
	await receivePanel.getByLabel('Open files').setInputFiles(handMade[0]!);
	await expect(phone.getByText(/older version of the app and does not say/)).toBeVisible();
	await receivePanel.getByLabel('Open files').setInputFiles(handMade[1]!);
	await expect(phone.getByText(/did not come from the instructor’s device/)).toBeVisible();
	await expect(phone.getByText('Turned in', { exact: true })).toHaveCount(0);
	await expectAccessible(phone, 'a hand-made receipt refused on the phone');
	await phoneContext.close();

	// The laptop, locked with a PIN: the forged invite is refused, and nothing is asked.
	await setPin(page, '2468');
	await page
		.getByRole('region', { name: 'Device role' })
		.getByRole('button', { name: 'Lock' })
		.click();
	await page.goto('/league/join');
	// Each file opened keeps its own line of refusal.
	for (const [i, file] of [forged, selfOwned].entries()) {
		await page.getByLabel('Open files').setInputFiles(file);
		await expect(page.getByText(/This league was made on this device/)).toHaveCount(i + 1);
		await expect(page.getByRole('dialog')).toHaveCount(0);
	}
	await expectAccessible(page, 'a forged invite refused on the locked laptop');
	await page.goto(league);
	await expect(page.getByText('Period 3').first()).toBeVisible();
	await expect(page.getByText('Hacked')).toHaveCount(0);
});
