/**
 * League invites: the instructor's league and roster as the class's phones take them, and
 * joining one on a phone. Joining writes the league and its roster only; no game, event or
 * signature is touched, so a newer invite updates names and retirements and nothing else.
 */
import { timestamp } from './clock';
import { db } from './db';
import { DbError, guard } from './errors';
import { incomingName } from '$lib/card/game-check';
import { incomingLeagueName } from '$lib/card/incoming-check';
import { ownerKeptFromServer, ownerKeyHeld, ownerToPin } from '$lib/card/owner';
import { canonicalJson } from '$lib/rules/canonical';
import type { Invite, LeagueRecord } from '$lib/card/records';
import { joinedLine } from '$lib/card/roster';

/**
 * Who a league's invite or code comes from: the key whose signature of it holds (`null` when
 * unsigned), or the school server, which brings what the owner's token pushed; and this
 * device's own key (`device-key.ts`).
 */
export interface LeagueTrust {
	signer: string | null | 'school-server';
	mine: string;
	/** Follow a new owner's device, as the phone's users chose (`card/owner.ts`). */
	newOwner?: boolean;
}

/** What joining did. */
export interface Joined {
	league: LeagueRecord;
	/** Students new to this device. */
	added: number;
	/** Students whose name or retirement changed. */
	updated: number;
}

/**
 * League `leagueId` and its whole roster (retired students too, so their cards still match).
 * @throws DbError `not-found`
 */
export async function inviteOf(leagueId: string): Promise<Invite> {
	return guard(() =>
		db.transaction('r', db.leagues, db.players, async () => {
			const league = await db.leagues.get(leagueId);
			if (!league) throw new DbError('not-found', { what: 'league' });
			const roster = await db.players.where('leagueId').equals(leagueId).toArray();
			return {
				league,
				roster: roster
					.sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id))
					.map((p) => ({ id: p.id, name: p.name, retiredAt: p.retiredAt, updatedAt: p.updatedAt }))
			};
		})
	);
}

/**
 * Joins the league of `invite` on this device, or brings it up to date: the league's fields
 * and each student are written unless this device holds a newer version of them. The league
 * becomes the current one. One `rw` transaction: all of it or nothing.
 * @throws CardError `incoming-name` for a roster line or league without a usable name;
 * TrustError when the invite is not from the league's owner (`card/owner.ts`): nothing changes
 */
export async function join(
	invite: Invite,
	opts: { now?: string; trust: LeagueTrust }
): Promise<Joined> {
	// Names from outside follow the one name rule (`incoming-check.ts`), whatever the invite says.
	const lines = invite.roster.map((line) => ({ ...line, name: incomingName(line.name) }));
	const league = { ...invite.league, name: incomingLeagueName(invite.league.name) };
	const { trust } = opts;
	return guard(() =>
		db.transaction('rw', db.leagues, db.players, db.meta, async () => {
			const incoming = league;
			const held = await db.leagues.get(incoming.id);
			const role = await db.meta.get('role');
			const heldKey = ownerKeyHeld(held, role?.key === 'role' ? role.value : null, trust.mine);
			// Who owns the league decides whether the message counts at all (`card/owner.ts`);
			// its dates only say which of two of the owner's versions is newer.
			const ownerKey =
				trust.signer === 'school-server'
					? ownerKeptFromServer(heldKey, trust.mine)
					: ownerToPin({
							held: heldKey,
							claimed: incoming.ownerKey,
							signer: trust.signer,
							mine: trust.mine,
							newOwner: trust.newOwner
						});
			const newer = held && held.updatedAt > incoming.updatedAt ? held : incoming;
			const joined: LeagueRecord = { ...newer, ownerKey: ownerKey ?? undefined };
			if (ownerKey === null) delete joined.ownerKey;
			if (!held || canonicalJson(joined) !== canonicalJson(held)) await db.leagues.put(joined);
			let added = 0;
			let updated = 0;
			const at = timestamp(opts.now);
			for (const line of lines) {
				const mine = await db.players.get(line.id);
				const record = joinedLine(line, mine, league.id, at);
				if (!record) continue;
				await db.players.put(record);
				if (mine) updated++;
				else added++;
			}
			await db.meta.put({ key: 'currentLeague', value: league.id });
			return { league: joined, added, updated };
		})
	);
}
