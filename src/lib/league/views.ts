/**
 * What the league pages show, read from the store in one place per page so the pages stay
 * thin: each loader reads through the entity modules and shapes the result for its page. Run
 * them inside `Live` so the pages follow the database (other tabs included).
 *
 * A league's cards changed after signing come from the kept verdicts
 * (`cards.changedAfterSigning`), a database read; checking one card's signatures hashes it
 * (`signatures.inspect`), and a live query only watches the reads made before its first
 * non-database wait, so those loaders read everything first and check last.
 */
import * as cards from '$lib/db/cards';
import { DbError } from '$lib/db/errors';
import * as figures from '$lib/db/figures';
import * as games from '$lib/db/games';
import * as inbox from '$lib/db/inbox';
import * as leagues from '$lib/db/leagues';
import * as lists from '$lib/db/lists';
import * as players from '$lib/db/players';
import type { LeagueRecord, PlayerRecord, SessionRecord, SignatureRecord } from '$lib/card/records';
import * as roster from '$lib/db/roster';
import * as sessions from '$lib/db/sessions';
import * as signatures from '$lib/db/signatures';
import * as totals from '$lib/db/totals';
import { dayOfTime } from '$lib/days';
import { progression, type Progression } from '$lib/rules/progression';
import {
	gamesOf,
	type DayWin,
	type Honour,
	raceLeaders,
	raceOf,
	ranked,
	standings,
	type PlayerGame,
	type Race,
	type StandingsRow
} from '$lib/rules/standings';
import type { ResultCorrection } from '$lib/rules/card';
import type { DatedFigures } from '$lib/card/play-order';
import { byDate } from '$lib/card/standings-cards';
import { placesFrom, type CardPlace } from './card-place';
import { studentInsights, type StudentInsights } from './student-insights';
import { ratingShown, type RatingShown } from './rating-words';
import { groupName } from './group-name';
import { ratings } from '$lib/rules/insights/ratings';
import type { GameState, PlayerId, SideLabel } from '$lib/rules/types';

/** Player names by id: the league's roster (retired students too) and anyone else seated. */
export type Names = ReadonlyMap<PlayerId, string>;

/** The name for `id`, or the words for a player this device does not know. */
export function nameIn(names: Names, id: PlayerId): string {
	return names.get(id) ?? 'Unknown player';
}

async function namesFor(
	leagueId: string,
	seated: Iterable<PlayerId> = []
): Promise<Map<PlayerId, string>> {
	const names = new Map((await roster.everyone(leagueId)).map((p) => [p.id, p.name]));
	return addNames(names, seated);
}

/** `names` with the players among `ids` it lacks, read by id (anyone this device knows). */
async function addNames(
	names: Map<PlayerId, string>,
	ids: Iterable<PlayerId>
): Promise<Map<PlayerId, string>> {
	const missing = [...new Set(ids)].filter((id) => !names.has(id));
	if (missing.length === 0) return names;
	for (const [id, p] of await players.getMany(missing)) names.set(id, p.name);
	return names;
}

/** A league in the list of leagues. */
export interface LeagueItem {
	league: LeagueRecord;
	contents: leagues.LeagueContents;
	current: boolean;
}

/** Leagues a page of the list shows. */
export const LEAGUES_PAGE = 20;

/**
 * Page `page` (0 for the first) of the device's leagues, the current one first, then the newest:
 * what each holds is counted for that page's leagues only (a district's device holds a hundred
 * classes), with how many pages there are.
 */
export async function leagueList(
	page = 0
): Promise<{ items: LeagueItem[]; page: number; pages: number }> {
	const [all, current] = await Promise.all([leagues.list(), leagues.currentId()]);
	const ordered = [...all].sort((a, b) => Number(b.id === current) - Number(a.id === current));
	const pages = Math.max(1, Math.ceil(ordered.length / LEAGUES_PAGE));
	const shown = Math.min(Math.max(0, Math.floor(page)), pages - 1);
	const slice = ordered.slice(shown * LEAGUES_PAGE, (shown + 1) * LEAGUES_PAGE);
	const items = await Promise.all(
		slice.map(async (league) => ({
			league,
			contents: await leagues.contents(league.id),
			current: league.id === current
		}))
	);
	return { items, page: shown, pages };
}

/** A counted card the instructor corrected after signing (RULES.md §7), as the standings note it. */
export interface CorrectedCard {
	gameId: string;
	/** The day it counts for. */
	date: string;
	corrections: readonly ResultCorrection[];
}

/** The standings page. */
export interface StandingsView {
	league: LeagueRecord;
	rows: StandingsRow[];
	names: Names;
	/** Students who left the class (their rows stay, marked). */
	retired: ReadonlySet<PlayerId>;
	/** Cards that count. */
	counted: number;
	/** Signed cards changed after signing (they do not count), from the kept verdicts. */
	changed: ReadonlySet<string>;
	/** Cards that count with the instructor's corrections after signing, by day. */
	corrected: CorrectedCard[];
	race: Race;
}

/**
 * The standings of league `leagueId`: every current student (with zeros before a first game)
 * and every retired student who played, from the totals the store keeps per student
 * (`card/totals.ts`): one record a student, never the league's cards (at 100 classes those were
 * 13 MB of text, read before the table showed). The race reads its leaders' cards alone, and
 * the days with a counted card from their totals' keys; the corrected cards come from an index
 * that holds only those. No card is hashed: the verdicts are kept by the store.
 * @throws DbError `not-found`
 */
export async function standingsView(leagueId: string): Promise<StandingsView> {
	const [league, everyone, kept, counted, changed, correctedFigures, dates] = await Promise.all([
		leagues.get(leagueId),
		roster.everyone(leagueId),
		totals.ofLeague(leagueId),
		figures.countOf(leagueId),
		cards.changedAfterSigning(leagueId),
		figures.correctedOf(leagueId),
		totals.daysOf(leagueId)
	]);
	const retired = new Set(everyone.filter((p) => p.retiredAt !== null).map((p) => p.id));
	const listed = everyone.filter((p) => p.retiredAt === null).map((p) => p.id);
	const rows = ranked(
		new Map(
			kept.map((t) => [
				t.player,
				{ played: t.games, won: t.won, shared: t.shared, points: t.points }
			])
		),
		listed
	);
	const leaders = raceLeaders(rows);
	const [names, leadersCards] = await Promise.all([
		addNames(
			new Map(everyone.map((p) => [p.id, p.name])),
			rows.map((r) => r.player)
		),
		figures.ofStudents(leagueId, leaders)
	]);
	return {
		league,
		rows,
		names,
		retired,
		counted,
		changed,
		corrected: correctedFigures
			.map((f) => ({ gameId: f.gameId, date: f.date, corrections: f.corrections ?? [] }))
			.sort(byDate),
		race: raceOf(dates, leaders, winsOf(leadersCards))
	};
}

/** Each win on cards `found`: the player whose side won, on the card's day. */
function* winsOf(found: readonly DatedFigures[]): Generator<DayWin> {
	for (const f of found) {
		for (const row of f.rows) if (row.result !== 'lost') yield { player: row.player, date: f.date };
	}
}

/**
 * Where a session's group stands; `handed-out`: its game was made for the group's phone and
 * is not on this device: whether a phone joined or plays it, this device learns only when its
 * card arrives, so it says no more than that it waits for the card.
 */
export type GroupStatus = cards.CardStanding | 'not-started' | 'handed-out';

/** A group of a session, with its game's standing. */
export interface GroupView {
	index: number;
	players: PlayerId[];
	gameId: string | null;
	status: GroupStatus;
	sides: { label: SideLabel; players: PlayerId[]; total: number }[];
	winners: SideLabel[];
	/** The hand being played, while the game is on. */
	hand: number | null;
	voidReason: string | null;
	/** Its card arrived from the group's phone into the inbox (and a receipt went back). */
	received: boolean;
}

/** The session page. */
export interface SessionView {
	league: LeagueRecord;
	session: SessionRecord;
	/** Current students, by name: who can be marked present. */
	students: PlayerRecord[];
	names: Names;
	groups: GroupView[];
	/** Present students in no group. */
	ungrouped: PlayerId[];
}

/** A started group's game as read, before its signatures are checked. */
interface GroupRead {
	index: number;
	group: SessionRecord['groups'][number];
	view: games.GameView | null;
	signed: SignatureRecord[];
	received: boolean;
}

/** Game `id`, or null when this device does not hold it (a group's game played on its phone). */
async function gameOrNull(id: string): Promise<games.GameView | null> {
	try {
		return await games.get(id);
	} catch (e) {
		if (e instanceof DbError && e.code === 'not-found') return null;
		throw e;
	}
}

async function readGroup(
	index: number,
	group: SessionRecord['groups'][number]
): Promise<GroupRead> {
	if (!group.gameId) return { index, group, view: null, signed: [], received: false };
	const [view, signed, received] = await Promise.all([
		gameOrNull(group.gameId),
		signatures.list(group.gameId),
		inbox.holds(group.gameId)
	]);
	return { index, group, view, signed, received };
}

async function groupView({ index, group, view, signed, received }: GroupRead): Promise<GroupView> {
	const base = { index, players: group.players, gameId: group.gameId, voidReason: null, received };
	if (!view) {
		const status = group.gameId ? 'handed-out' : 'not-started';
		return { ...base, status, sides: [], winners: [], hand: null };
	}
	const record: cards.CardRecord = view.record;
	const check = record.signedAt ? await signatures.inspect(view, signed) : null;
	const status = cards.cardStanding(record, check !== null && check.status !== 'signed');
	const { state } = view;
	const result = status === 'signed' ? record.result : null;
	return {
		...base,
		status,
		voidReason: record.voidReason,
		sides: result?.sides ?? state.sides.map((s) => ({ ...s, total: state.totals[s.label] ?? 0 })),
		winners: result?.winners ?? (state.over ? state.winners : []),
		hand: state.over ? null : state.hand
	};
}

/**
 * Session `sessionId` with its league, the students to mark, and each group's game, its
 * signatures checked.
 * @throws DbError `not-found`
 */
export async function sessionView(sessionId: string): Promise<SessionView> {
	const session = await sessions.get(sessionId);
	const [league, students, read, names] = await Promise.all([
		leagues.get(session.leagueId),
		roster.list(session.leagueId),
		Promise.all(session.groups.map((g, i) => readGroup(i, g))),
		namesFor(
			session.leagueId,
			session.groups.flatMap((g) => g.players)
		)
	]);
	const groups = await Promise.all(read.map(groupView));
	return { league, session, students, names, groups, ungrouped: sessions.ungrouped(session) };
}

/** A session in the list of a league's sessions. */
export interface SessionItem {
	session: SessionRecord;
	groups: number;
	/** Its groups' cards this device holds signed: a game on a group's phone counts once it arrives. */
	signed: number;
}

/** Sessions a page of the list shows. */
export const SESSIONS_PAGE = 30;

/**
 * A page of league `leagueId`'s sessions, the latest first, starting after `after` (the first
 * page without it), and where the next page starts (null on the last).
 */
export async function sessionList(
	leagueId: string,
	after: sessions.SessionCursor | null = null
): Promise<{ items: SessionItem[]; next: sessions.SessionCursor | null }> {
	const { sessions: list, next } = await sessions.page(leagueId, { after, size: SESSIONS_PAGE });
	const gameIds = list.flatMap((s) => s.groups.flatMap((g) => (g.gameId ? [g.gameId] : [])));
	const signed = await games.signedAmong(gameIds);
	const items = list.map((session) => ({
		session,
		groups: session.groups.length,
		signed: session.groups.filter((g) => g.gameId !== null && signed.has(g.gameId)).length
	}));
	return { items, next };
}

/** A student's line: their own numbers, without where they stand (`studentHonour`). */
export type StudentLine = Pick<
	StandingsRow,
	'played' | 'won' | 'shared' | 'winRate' | 'points' | 'perGame'
>;

/** A student's page. */
export interface StudentView {
	league: LeagueRecord;
	student: PlayerRecord;
	/** Their numbers in the standings. */
	row: StudentLine | null;
	/** Their counted games, oldest first. */
	games: PlayerGame[];
	names: Names;
	/** Games won and points after each day of play. */
	overTime: { dates: string[]; wins: number[]; points: number[] };
	/** Their games that do not count (yet): in progress, unsigned or voided. */
	notCounted: { gameId: string; status: cards.CardStanding; date: string }[];
	/** What they are learning, their streaks, points per game and rivals (issue 41). */
	insights: StudentInsights;
}

/**
 * Student `playerId` of league `leagueId`, from their own games alone: read through the
 * `*seats` index with the league's cards changed after signing (one short index range), so the
 * page costs what the student played, not what the league did. Where they stand among
 * everyone (champion, runner-up) takes every card of the league: `studentHonour`.
 * @throws DbError `not-found`, `not-on-roster`
 */
export async function studentView(leagueId: string, playerId: PlayerId): Promise<StudentView> {
	const [league, student, own, changed, kept] = await Promise.all([
		leagues.get(leagueId),
		players.get(playerId),
		lists.ofPlayer(leagueId, playerId),
		cards.changedAfterSigning(leagueId),
		figures.ofStudent(leagueId, playerId)
	]);
	if (student.leagueId !== leagueId) throw new DbError('not-on-roster');
	const [counted, names] = await Promise.all([
		cards.countedAmong(own, changed),
		addNames(
			new Map([[student.id, student.name]]),
			own.flatMap((g) => g.seats)
		)
	]);
	const played = gamesOf(counted, playerId);
	// Every card the student played is among their own, so their tally is the league's.
	const line = standings(counted, [playerId]).find((r) => r.player === playerId);
	const row: StudentLine | null = line
		? {
				played: line.played,
				won: line.won,
				shared: line.shared,
				winRate: line.winRate,
				points: line.points,
				perGame: line.perGame
			}
		: null;
	const dates: string[] = [];
	const wins: number[] = [];
	const points: number[] = [];
	for (const g of played) {
		const w = (wins.at(-1) ?? 0) + (g.result === 'lost' ? 0 : 1);
		const p = (points.at(-1) ?? 0) + g.points;
		if (dates.at(-1) === g.date) {
			wins[wins.length - 1] = w;
			points[points.length - 1] = p;
		} else {
			dates.push(g.date);
			wins.push(w);
			points.push(p);
		}
	}
	const notCounted = own
		.filter((g) => !cards.countsInStandings(g, changed.has(g.id)))
		.map((g) => ({
			gameId: g.id,
			status: cards.cardStanding(g, changed.has(g.id)),
			date: dayOfTime(g.createdAt)
		}));
	const byName = (a: PlayerId, b: PlayerId) => nameIn(names, a).localeCompare(nameIn(names, b));
	return {
		league,
		student,
		row,
		games: played,
		names,
		overTime: { dates, wins, points },
		notCounted,
		insights: studentInsights(counted, kept, playerId, byName)
	};
}

/** Where a student stands among everyone: champion or runner-up, and their rating. */
export interface StudentStanding {
	honour: Honour;
	rating: RatingShown;
}

/**
 * Whether student `playerId` is league `leagueId`'s champion or runner-up, from every card that
 * counts (as the standings page decides it; null when neither), and their rating, learnt from
 * those cards in play order (issue 41). Both take every card of the league: they are read from
 * the kept contributions, and the rating is worked out here, not kept (docs/insights.md says
 * why).
 */
export async function studentStanding(
	leagueId: string,
	playerId: PlayerId
): Promise<StudentStanding> {
	const { counted } = await cards.countedAndChanged(leagueId);
	return {
		honour: standings(counted, [playerId]).find((r) => r.player === playerId)?.honour ?? null,
		rating: ratingShown(ratings(counted).get(playerId))
	};
}

/** A card in the list of a league's cards. */
export interface CardItem {
	gameId: string;
	date: string;
	/** Its session and group ("Session 3 · Group 2 · …"), told apart from the same day's. */
	place: CardPlace;
	status: cards.CardStanding;
	sides: { label: SideLabel; players: PlayerId[]; total: number }[];
	winners: SideLabel[];
	voidReason: string | null;
}

/** How many cards the card list shows at first, and how many more each "Show more" adds. */
export const CARDS_PER_PAGE = 50;

/** The latest cards of a league, the latest first, with names. */
export interface CardList {
	items: CardItem[];
	names: Names;
	/** The league holds older cards than `items` ("Show more"). */
	more: boolean;
}

/**
 * The latest `shown` games of league `leagueId` as cards, the latest started first: signed
 * ones from their stored result, the others from their replay (a page holds few of those,
 * replayed in one batch). Reads one bounded range of games, the sessions' numbers from their
 * index and the page's own sessions, never the whole league, and counts nothing.
 */
export async function cardList(leagueId: string, shown = CARDS_PER_PAGE): Promise<CardList> {
	const [{ games: records, more }, changed] = await Promise.all([
		lists.latestOfLeague(leagueId, shown),
		cards.changedAfterSigning(leagueId)
	]);
	const unsigned = records.filter((r) => !r.result);
	const sessionIds = new Set(records.flatMap((r) => r.sessionId ?? []));
	const [numbers, byId, states, names] = await Promise.all([
		lists.sessionNumbers(leagueId, sessionIds),
		lists.sessionsById([...sessionIds]),
		lists.replaysOf(unsigned),
		addNames(
			new Map(),
			records.flatMap((r) => r.seats)
		)
	]);
	const places = placesFrom(records, numbers, byId);
	const items = records.map((record): CardItem => {
		const status = cards.cardStanding(record, changed.has(record.id));
		const date =
			(record.sessionId ? byId.get(record.sessionId)?.date : undefined) ??
			dayOfTime(record.createdAt);
		const place = places.get(record.id) ?? { date, session: null, group: null };
		const base = { gameId: record.id, date, place, status, voidReason: record.voidReason };
		const state = states.get(record.id);
		if (record.result || !state) {
			return { ...base, sides: record.result?.sides ?? [], winners: record.result?.winners ?? [] };
		}
		return {
			...base,
			sides: state.sides.map((x) => ({ ...x, total: state.totals[x.label] ?? 0 })),
			winners: state.over ? state.winners : []
		};
	});
	return { items, names, more };
}

/** A league card, for the instructor. */
export interface CardView {
	league: LeagueRecord;
	record: cards.CardRecord;
	status: cards.CardStanding;
	state: GameState;
	names: Names;
	progression: Progression;
	/** The day of its session, or the day it was started. */
	date: string;
	/** Which phone sent it, when it was received from one that said so (issue 37). */
	sentBy: string | null;
	/** Its group and session's day ("Group 3, Tue 24 Nov 2026"), for a handed-out game. */
	group: string | null;
}

/**
 * Game `gameId` of league `leagueId` as a card.
 * @throws DbError `not-found`, `not-a-league-card`
 */
export async function cardView(leagueId: string, gameId: string): Promise<CardView> {
	const [league, view, signed] = await Promise.all([
		leagues.get(leagueId),
		games.get(gameId),
		signatures.list(gameId)
	]);
	const record: cards.CardRecord = view.record;
	if (record.leagueId !== leagueId) throw new DbError('not-a-league-card');
	const session = record.sessionId ? await sessions.get(record.sessionId).catch(() => null) : null;
	const names = await namesFor(leagueId, record.seats);
	const check = record.signedAt ? await signatures.inspect(view, signed) : null;
	return {
		league,
		record,
		status: cards.cardStanding(record, check !== null && check.status !== 'signed'),
		state: view.state,
		names,
		progression: progression(view.state),
		date: session?.date ?? dayOfTime(record.createdAt),
		sentBy: record.fingerprint ? await inbox.sentBy(gameId, record.fingerprint) : null,
		group: groupName(session, leagueId, gameId)
	};
}
