import { db } from '$lib/db/db';
import type { InboxRecord } from '$lib/card/backup-records';

/**
 * League `leagueId`'s whole inbox, the latest received first (then by id), for a test to look
 * at; the app reads it a page at a time (`inbox.page`).
 */
export async function inboxOf(leagueId: string): Promise<InboxRecord[]> {
	const all = await db.inbox.where('leagueId').equals(leagueId).toArray();
	return all.sort((a, b) => b.receivedAt.localeCompare(a.receivedAt) || a.id.localeCompare(b.id));
}
