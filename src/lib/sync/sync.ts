/**
 * What a device does with the school server. The instructor's device registers a league,
 * pushes its league, roster and sessions when they change, and pulls the cards the phones sent
 * into its inbox through the same checks as a QR code or a file. A group phone joins with the
 * invite's join code, reads its league and the groups handed out (so a group picks its own
 * without scanning a code), and pushes its signed cards. Every verb is safe to run again:
 * pushes are idempotent on the server, pulls resume after the last card or session pulled, and
 * a phone polls the league with the number it holds, answered 304 while nothing changed.
 */
import { sha256Hex } from '$lib/rules/sha256';
import { db } from '$lib/db/db';
import * as inbox from '$lib/db/inbox';
import * as invites from '$lib/db/invites';
import * as outbox from '$lib/db/outbox';
import * as receipts from '$lib/class-loop/receipts';
import * as sessions from '$lib/db/sessions';
import * as groupCodes from '$lib/class-loop/group-codes';
import { sessionPayload } from '$lib/transfer/envelope';
import { ClassLoopError } from '$lib/transfer/errors';
import type { SessionPayload } from '$lib/transfer/schema';
import { cardPayload } from '$lib/transfer/envelope';
import { TransferError } from '$lib/transfer/errors';
import { cardFromServer, leagueFromServer, onPhone } from '$lib/door/door';
import { sealedHere } from '$lib/class-loop/trust';
import { TrustError } from '$lib/card/errors';
import { deviceKey } from '$lib/db/device-key';
import { SyncError, call, callUnlessSame } from './api';
import { linkOf, saveLink, updateLink, type ServerLink } from './links';
import { keepPulled, pushStandings } from './standings';
import { pullGameStates, reportGames } from './game-states';
import { sendLive } from './live-send';
import { askLive } from './live-ask';
import type { StandingsSnapshot } from '$lib/transfer/standings-snapshot';

/** The league's state an instructor pushes: the league, its roster and sessions. */
async function leagueState(leagueId: string) {
	const invite = await invites.inviteOf(leagueId);
	const held = await sessions.list(leagueId);
	return { league: invite.league, roster: invite.roster, sessions: held };
}

function digest(value: unknown): string {
	return sha256Hex(JSON.stringify(value));
}

/**
 * Registers league `leagueId` on the server at `address` and pushes it: this device becomes
 * the league's instructor there.
 */
export async function connect(address: string, leagueId: string): Promise<ServerLink> {
	const state = await leagueState(leagueId);
	const made = await call<{ instructorToken: string; joinCode: string; expiresAt: string }>(
		address,
		'POST',
		'/api/leagues',
		{ json: { id: leagueId, name: state.league.name, league: state.league } }
	);
	const link: ServerLink = {
		leagueId,
		address,
		role: 'instructor',
		token: made.instructorToken,
		joinCode: made.joinCode,
		joinCodeExpiresAt: made.expiresAt,
		pulled: 0,
		pushedDigest: null,
		revoked: false
	};
	await saveLink(link);
	await pushLeague(link);
	return link;
}

/**
 * The league's sessions already handed out (a group's game is fixed), as their codes carry
 * them. A session handed out once stays handed out: a group formed later is fixed here as the
 * codes page would fix it, so the phones can pick it too.
 */
async function handedOut(
	held: readonly { id: string; groups: readonly { gameId: string | null }[] }[]
): Promise<SessionPayload[]> {
	const out: SessionPayload[] = [];
	for (const s of held) {
		if (!s.groups.some((g) => g.gameId !== null)) continue;
		const payload = sessionPayload(await groupCodes.handOut(s.id));
		if (payload.groups.length > 0) out.push(payload);
	}
	return out;
}

/**
 * Pushes the league, its roster and its sessions when they changed since the last push, with
 * each handed-out session's groups that changed. Nothing is read but the store while nothing
 * changed (no write either: handing out runs only after a session changed).
 */
export async function pushLeague(link: ServerLink): Promise<boolean> {
	const state = await leagueState(link.leagueId);
	const sum = digest(state);
	if (sum === link.pushedDigest) return false;
	const at = `/api/leagues/${link.leagueId}`;
	const opts = { token: link.token };
	await call(link.address, 'PUT', at, { ...opts, json: { league: state.league } });
	await call(link.address, 'PUT', `${at}/roster`, { ...opts, json: { players: state.roster } });
	await call(link.address, 'PUT', `${at}/sessions`, {
		...opts,
		json: { sessions: state.sessions }
	});
	const groups: Record<string, string> = {};
	for (const payload of await handedOut(state.sessions)) {
		const id = payload.session.id;
		// Taken before signing: a signature differs every time, the groups do not.
		groups[id] = digest(payload);
		if (groups[id] === link.pushedGroups?.[id]) continue;
		await call(link.address, 'PUT', `${at}/groups/${encodeURIComponent(id)}`, {
			...opts,
			json: await sealedHere(payload)
		});
	}
	// Marked pushed only once all of it went: a round that failed sends it all again.
	await updateLink(link.leagueId, { pushedDigest: sum, pushedGroups: groups });
	return true;
}

/** A new join code for the league; the old one stops working. */
export async function renewJoinCode(link: ServerLink): Promise<ServerLink> {
	const made = await call<{ joinCode: string; expiresAt: string }>(
		link.address,
		'POST',
		`/api/leagues/${link.leagueId}/join-code`,
		{ token: link.token }
	);
	const changes = { joinCode: made.joinCode, joinCodeExpiresAt: made.expiresAt };
	await updateLink(link.leagueId, changes);
	return { ...link, ...changes };
}

/** A phone the league's instructor sees on the server. */
export interface JoinedDevice {
	id: string;
	name: string;
	joinedAt: string;
	lastSeenAt: string | null;
	revokedAt: string | null;
}

export async function devices(link: ServerLink): Promise<JoinedDevice[]> {
	const out = await call<{ devices: JoinedDevice[] }>(
		link.address,
		'GET',
		`/api/leagues/${link.leagueId}/devices`,
		{ token: link.token }
	);
	return out.devices;
}

/** Removes phone `deviceId` from the league: its token stops working at once. */
export async function revoke(link: ServerLink, deviceId: string): Promise<void> {
	await call(link.address, 'DELETE', `/api/leagues/${link.leagueId}/devices/${deviceId}`, {
		token: link.token
	});
}

/** Pulls the cards received since the last pull into the inbox; how many arrived. */
export async function pullCards(link: ServerLink): Promise<number> {
	let after = link.pulled;
	let received = 0;
	for (;;) {
		const page = await call<{
			cards: { seq: number; card: unknown; deviceName?: string | null }[];
			next: number;
		}>(link.address, 'GET', `/api/leagues/${link.leagueId}/cards?after=${after}`, {
			token: link.token
		});
		if (page.cards.length === 0) break;
		for (const { card, deviceName } of page.cards) {
			try {
				// The server took it only under the key its phone joined with (issue 37).
				await cardFromServer(link.leagueId, card, deviceName ?? 'the school server');
				received++;
			} catch (e) {
				// The server checked it as the inbox does; one it cannot read must not stop the rest.
				if (!(e instanceof inbox.BrokenCardError || e instanceof TransferError)) throw e;
			}
		}
		after = page.next;
		await updateLink(link.leagueId, { pulled: after });
	}
	return received;
}

/**
 * Joins league `leagueId` on the server at `address` with `joinCode`, as a phone named
 * `deviceName`; the league must already be on this phone (from its invite).
 */
export async function join(
	address: string,
	leagueId: string,
	joinCode: string,
	deviceName: string
): Promise<ServerLink> {
	const joined = await call<{ deviceToken: string; leagueId: string }>(
		address,
		'POST',
		'/api/join',
		{
			// The phone's key: the server takes only cards this phone signed from its token (issue 37).
			json: { joinCode, deviceName, deviceKey: (await deviceKey()).publicKey }
		}
	);
	if (joined.leagueId !== leagueId) throw new SyncError('server-join-code', 403);
	const link: ServerLink = {
		leagueId,
		address,
		role: 'device',
		token: joined.deviceToken,
		joinCode: null,
		joinCodeExpiresAt: null,
		pulled: 0,
		pushedDigest: null,
		revoked: false
	};
	await saveLink(link);
	return link;
}

/**
 * A phone: the league and roster as the instructor last pushed them, the standings it shares
 * (or its word to hide them), then the groups handed out since the last pull; nothing but one
 * 304 when the league did not change. True when it had.
 */
export async function pullLeague(link: ServerLink): Promise<boolean> {
	const since = link.leagueSeq === undefined ? '' : `?since=${link.leagueSeq}`;
	const got = await callUnlessSame<{
		seq: number;
		league: unknown;
		roster: unknown;
		standings?: unknown;
	}>(link.address, 'GET', `/api/leagues/${link.leagueId}${since}`, { token: link.token });
	if (got === null) return false;
	// What the owner's token pushed, read as an invite is; the server never changes the owner.
	if (got.league) await leagueFromServer(link.leagueId, got.league, got.roster);
	await keepPulled(link.leagueId, got.standings);
	await pullGroups(link);
	await updateLink(link.leagueId, { leagueSeq: got.seq });
	return true;
}

/**
 * A phone: takes every session handed out since the last pull, page by page, through the same
 * door as a session's code (`door.onPhone`: read, seal checked, taken): its groups are
 * then on the group's page to pick. A session that fails them is left out, as a bad code would
 * be; an older list of a session's groups than the one held changes nothing.
 */
export async function pullGroups(link: ServerLink): Promise<number> {
	let after = (await linkOf(link.leagueId))?.groupsPulled ?? link.groupsPulled ?? 0;
	let taken = 0;
	for (;;) {
		const page = await call<{ sessions: unknown[]; next: number; more: boolean }>(
			link.address,
			'GET',
			`/api/leagues/${link.leagueId}/groups?after=${after}`,
			{ token: link.token }
		);
		for (const sent of page.sessions) {
			try {
				await onPhone({ unread: sent }, ['session'], { league: link.leagueId });
				taken++;
			} catch (e) {
				if (!(e instanceof TransferError || e instanceof ClassLoopError || e instanceof TrustError))
					throw e;
			}
		}
		after = page.next;
		await updateLink(link.leagueId, { groupsPulled: after });
		if (!page.more || page.sessions.length === 0) break;
	}
	return taken;
}

/** A phone: pushes every signed card of the league not yet turned in; how many went. */
export async function pushCards(link: ServerLink): Promise<number> {
	const signed = await db.games
		.where('leagueId')
		.equals(link.leagueId)
		.filter((g) => g.signedAt !== null && g.fingerprint !== null && g.voidedAt === null)
		.toArray();
	let sent = 0;
	for (const game of signed) {
		if (await outbox.turnedIn(game)) continue;
		let card;
		try {
			card = await outbox.cardOf(game.id);
		} catch {
			continue; // reopened since it was signed: it goes once signed again
		}
		await call(link.address, 'POST', `/api/leagues/${link.leagueId}/cards`, {
			token: link.token,
			json: await sealedHere(cardPayload(card))
		});
		await receipts.storedByServer(game);
		sent++;
	}
	return sent;
}

/**
 * One round for a league this device syncs; a revoked device stops. The instructor's device
 * passes the league's `standings` as its watch last worked them out (see standings.ts), pushed
 * only when the phones would show something else, and whether its stream of the league is held
 * (`streaming`): while it is, the phones' states and live entries come by it; while it is not,
 * the round asks for them. A phone tells where its games stand, then sends their new entries
 * (the server takes live entries only of a game the phone told it about).
 */
export async function syncLink(
	link: ServerLink,
	opts: { standings?: StandingsSnapshot; streaming?: boolean } = {}
): Promise<void> {
	if (link.revoked) return;
	try {
		if (link.role === 'instructor') {
			await pushLeague(link);
			if (opts.standings)
				await pushStandings((await linkOf(link.leagueId)) ?? link, opts.standings);
			await pullCards((await linkOf(link.leagueId)) ?? link);
			if (!opts.streaming) {
				await pullGameStates(link);
				await askLive(link);
			}
		} else {
			await pushCards(link);
			await pullLeague(link);
			await reportGames(link);
			await sendLive(link);
		}
	} catch (e) {
		if (e instanceof SyncError && e.code === 'server-revoked') {
			await updateLink(link.leagueId, { revoked: true });
		}
		throw e;
	}
}
