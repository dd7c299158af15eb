/** Which of a card's signatures count, with no store (the inbox, backups and the server). */
import type { PlayerId } from '$lib/rules/types';
import type { SignatureRecord } from './records';

/** Oldest first; the id orders signatures made in the same millisecond. */
export function bySigning(a: SignatureRecord, b: SignatureRecord): number {
	return a.signedAt.localeCompare(b.signedAt) || a.id.localeCompare(b.id);
}

/** Each player's latest signature not set aside. */
export function counting(all: readonly SignatureRecord[]): Map<PlayerId, SignatureRecord> {
	const latest = new Map<PlayerId, SignatureRecord>();
	for (const s of [...all].sort(bySigning)) if (s.setAsideAt === null) latest.set(s.playerId, s);
	return latest;
}
