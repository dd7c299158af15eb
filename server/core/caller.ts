/**
 * Who a request's token names. Apart from context.ts, which names the live hubs: the hubs know
 * their callers without importing it back.
 */

/** Who may act: the league's instructor, or one of its phones. */
export type Role = 'instructor' | 'device';

/** The caller a request's token names. */
export interface Caller {
	role: Role;
	leagueId: string;
	deviceId: string | null;
	/** When the device last pushed (null for the instructor, or a device that never did). */
	lastSeenAt: Date | null;
	/** The phone's public key recorded at join (issue 37); null for the instructor, or a phone from before keys. */
	deviceKey: string | null;
}
