/**
 * `POST /api/leagues/:id/cards`, free of any web framework: the same answer whether Hono's route
 * (app.ts, for in-process calls and anything Node's listener hands on) or the push route's own
 * Node listener (push-listener.ts, every push a server process receives) called it.
 */
import { ApiError, parseRequestJson, unauthorized } from './errors';
import { admit, bearerOf, callerOf } from './auth';
import { examineCard, pushCard } from './cards';
import { hashSecret } from './tokens';
import type { Database } from './db';
import type { PushBatcher } from './push-batch';

/** A push's answer when the card is stored (201) or was already there (200). */
export interface PushReply {
	status: 200 | 201;
	body: { seq: number; stored: boolean };
}

/**
 * Pushes the card of `readBody` (the request's text, read only once the token is there) to
 * league `leagueId`, as the holder of the `authorization` header's token.
 */
export type PushRoute = (
	leagueId: string,
	authorization: string | undefined,
	readBody: () => Promise<string>
) => Promise<PushReply>;

/** The push route on `db`, its pushes grouped by `batcher`. @throws ApiError for a refusal */
export function pushRoute(db: Database, batcher: PushBatcher): PushRoute {
	return async (leagueId, authorization, readBody) => {
		// The card is checked before the token is looked up, so that one statement finds the
		// caller and its seats on the roster and stores the card; a refusal of the card still
		// waits for the token's.
		const token = bearerOf(authorization);
		const examined = await readBody()
			.then((text) => examineCard(parseRequestJson(text), leagueId))
			.then(
				(card) => ({ card, error: null }),
				(error: unknown) => ({ card: null, error })
			);
		if (!examined.card) {
			admit(await callerOf(db, token), leagueId, ['instructor', 'device']);
			throw examined.error;
		}
		const pushed = await pushCard(batcher, hashSecret(token), leagueId, examined.card, (row) => {
			if (!row) throw unauthorized();
			if (row.revoked) throw new ApiError(401, 'server-revoked');
			admit(row, leagueId, ['instructor', 'device']);
		});
		return {
			status: pushed.created ? 201 : 200,
			body: { seq: pushed.seq, stored: pushed.created }
		};
	};
}
