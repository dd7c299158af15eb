/**
 * Where this device keeps its school-server settings: the server's address (Settings) and the
 * leagues it syncs through it, in the device's `meta` table (never in backups: the tokens are
 * this device's). With no address set, nothing here is ever read and the app works as before.
 */
import { db } from '$lib/db/db';
import { guard } from '$lib/db/errors';
import type { ServerLink } from '$lib/card/device-records';

export type { ServerLink };

/** The school server's address set on this device, or null. */
export async function address(): Promise<string | null> {
	const row = await guard(() => db.meta.get('serverAddress'));
	return row?.key === 'serverAddress' ? row.value : null;
}

/** Sets the school server's address (null: none). */
export async function setAddress(value: string | null): Promise<void> {
	await guard(async () => {
		if (value === null) await db.meta.delete('serverAddress');
		else await db.meta.put({ key: 'serverAddress', value });
	});
}

/** Every league this device syncs. */
export async function links(): Promise<ServerLink[]> {
	const row = await guard(() => db.meta.get('serverLinks'));
	return row?.key === 'serverLinks' ? row.value : [];
}

/** The link of league `leagueId`, or null. */
export async function linkOf(leagueId: string): Promise<ServerLink | null> {
	return (await links()).find((l) => l.leagueId === leagueId) ?? null;
}

/** Rewrites the list of links with `change`, in one transaction. */
async function rewrite(change: (held: ServerLink[]) => ServerLink[]): Promise<void> {
	await guard(() =>
		db.transaction('rw', db.meta, async () => {
			const row = await db.meta.get('serverLinks');
			const held = row?.key === 'serverLinks' ? row.value : [];
			await db.meta.put({ key: 'serverLinks', value: change(held) });
		})
	);
}

/** Writes `link`, replacing the league's earlier one. */
export async function saveLink(link: ServerLink): Promise<void> {
	await rewrite((held) => [...held.filter((l) => l.leagueId !== link.leagueId), link]);
}

/** Changes fields of league `leagueId`'s link, if it has one. */
export async function updateLink(leagueId: string, changes: Partial<ServerLink>): Promise<void> {
	await rewrite((held) => held.map((l) => (l.leagueId === leagueId ? { ...l, ...changes } : l)));
}

/** Forgets league `leagueId`'s link. */
export async function forget(leagueId: string): Promise<void> {
	await rewrite((held) => held.filter((l) => l.leagueId !== leagueId));
}
