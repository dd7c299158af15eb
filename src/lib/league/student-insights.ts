/**
 * What a student's page shows beyond their line in the standings (issue 41): what they are
 * learning (counts made, steals made, counts lost to a steal, end-of-hand bonuses), their
 * winning streaks, their points per game day by day, and how they did against each student
 * they played. Pure: from the student's counted cards (`cards.countedAmong`) and those cards'
 * kept figures (`db/figures.ts`), both read by `views.studentView`; nothing is replayed.
 */
import { inPlayOrder, type DatedFigures } from '$lib/card/play-order';
import { headToHead } from '$lib/rules/insights/head-to-head';
import { addLearning, noLearning, type Learning } from '$lib/rules/insights/learning';
import { pointsByDay, streaks, type DayOfPlay, type Streaks } from '$lib/rules/insights/progress';
import type { StandingsCard } from '$lib/rules/standings';
import type { PlayerId } from '$lib/rules/types';

/** One counted game's counting, for the student's table of games. */
export interface GameLearning {
	gameId: string;
	date: string;
	learning: Learning;
}

/** How a student did against one other student, in the games they played at one table. */
export interface Rival {
	player: PlayerId;
	/** Games they played against each other (partners' games left out). */
	games: number;
	/** Games the student finished ahead in, behind in, and level. */
	ahead: number;
	behind: number;
	level: number;
}

/** A student's insights. */
export interface StudentInsights {
	/** Their counting over the term; `games` is how many counted cards it is taken from. */
	learning: Learning;
	games: number;
	/** Game by game, oldest first. */
	byGame: GameLearning[];
	streaks: Streaks;
	/** Points per game on each day they played, oldest first. */
	byDay: DayOfPlay[];
	/** Everyone they played against, the most games first. */
	rivals: Rival[];
}

/**
 * Student `playerId`'s insights from their counted cards `counted` and those cards' kept
 * `figures` (a card changed after signing is in neither). `rank` orders rivals with as many
 * games (by name, on the page).
 */
export function studentInsights(
	counted: readonly StandingsCard[],
	figures: readonly DatedFigures[],
	playerId: PlayerId,
	rank: (a: PlayerId, b: PlayerId) => number = (a, b) => (a < b ? -1 : a > b ? 1 : 0)
): StudentInsights {
	let learning = noLearning();
	const byGame: GameLearning[] = [];
	for (const card of figures) {
		const mine = card.rows.find((r) => r.player === playerId)?.learning;
		if (!mine) continue;
		learning = addLearning(learning, mine);
		byGame.push({ gameId: card.gameId, date: card.date, learning: mine });
	}
	const opponents = new Set<PlayerId>();
	for (const card of counted) {
		const mine = card.sides.find((s) => s.players.includes(playerId));
		if (!mine) continue;
		for (const side of card.sides) if (side !== mine) side.players.forEach((p) => opponents.add(p));
	}
	const rivals = [...opponents]
		.map((player) => {
			const met = headToHead(counted, playerId, player);
			return {
				player,
				games: met.first + met.second + met.level,
				ahead: met.first,
				behind: met.second,
				level: met.level
			};
		})
		.sort((a, b) => b.games - a.games || rank(a.player, b.player));
	return {
		learning,
		games: byGame.length,
		byGame,
		streaks: streaks(counted, playerId, inPlayOrder(figures)),
		byDay: pointsByDay(counted, playerId),
		rivals
	};
}
