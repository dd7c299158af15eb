/**
 * The school server under a district's load, from this (second) process on loopback with
 * autocannon: 200 leagues × 8 phones push signed cards, on PGlite and on PostgreSQL; then
 * the instructor of one league pulls 10,000 cards page by page. Bounded: a fixed number of
 * requests, each run bounded in time (two minutes; five to fill the league pulled). `npm run bench:server` runs it alone; `bench/run.ts`
 * runs it after the app's figures.
 */
import autocannon from 'autocannon';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { client, type Call } from '../tests/server/support';
import { rosterBody, signedCard } from '../tests/server/fixtures';
import { startServer, stopServer } from '../tests/server/process';
import { startCluster } from './postgres';
import type { Figure } from './report';

const PORT = Number(process.env.BENCH_SERVER_PORT ?? 8807);
const PG_PORT = Number(process.env.BENCH_PG_PORT ?? 8808);
const BASE = `http://127.0.0.1:${PORT}`;
const LEAGUES = 200;
const PHONES = 8;
const CARDS_PER_PHONE = 2;
/** Phones whose pushes are in flight at the same moment. */
const CONNECTIONS = 64;
const PULLED = 10_000;

/** Budgets of issue 16, on PostgreSQL. */
const P95_MAX_MS = 50;
const CARDS_PER_S_MIN = 500;

interface Push {
	path: string;
	token: string;
	body: string;
}

function percentile(values: number[], p: number): number {
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

/** Registers `leagues` leagues with a roster and `phones` joined phones each. */
async function district(call: Call, leagues: number, phones: number) {
	const out: { id: string; instructor: string; phones: string[] }[] = [];
	for (let l = 0; l < leagues; l++) {
		const id = `bench-${l}`;
		const made = await call('POST', '/api/leagues', { json: { id, name: `Class ${l}` } });
		const instructor = made.body.instructorToken as string;
		await call('PUT', `/api/leagues/${id}/roster`, { token: instructor, json: rosterBody() });
		const tokens: string[] = [];
		for (let p = 0; p < phones; p++) {
			const joined = await call('POST', '/api/join', {
				json: { joinCode: made.body.joinCode, deviceName: `Group ${p + 1}` }
			});
			tokens.push(joined.body.deviceToken as string);
		}
		out.push({ id, instructor, phones: tokens });
	}
	return out;
}

/** Sends `pushes` with autocannon; the latency of each, and how many cards were stored. */
async function load(
	pushes: Push[],
	boundSeconds = 120
): Promise<{ ms: number[]; created: number; seconds: number }> {
	let next = 0;
	const ms: number[] = [];
	let created = 0;
	let refused = 0;
	const started = performance.now();
	const instance = autocannon({
		url: BASE,
		connections: CONNECTIONS,
		amount: pushes.length,
		timeout: 30,
		maxOverallRequests: pushes.length,
		requests: [
			{
				method: 'POST',
				setupRequest: (req) => {
					const push = pushes[next++ % pushes.length] as Push;
					return {
						...req,
						path: push.path,
						headers: { 'content-type': 'application/json', authorization: `Bearer ${push.token}` },
						body: push.body
					};
				}
			}
		]
	});
	instance.on('response', (_client, status: number, _bytes, time: number) => {
		ms.push(time);
		if (status === 201) created++;
		else refused++;
	});
	const bound = setTimeout(() => instance.stop(), boundSeconds * 1000);
	await instance;
	clearTimeout(bound);
	const seconds = (performance.now() - started) / 1000;
	if (refused > 0) throw new Error(`${refused} pushes were not stored`);
	return { ms, created, seconds };
}

async function cardsFor(leagueId: string, count: number): Promise<string[]> {
	const out: string[] = [];
	for (let i = 0; i < count; i++) out.push(JSON.stringify(await signedCard(leagueId)));
	return out;
}

/** Every figure of one database. */
async function measure(name: string, env: Record<string, string>): Promise<Figure[]> {
	const server = await startServer(PORT, env);
	try {
		const call = client(BASE);
		console.log(`  ${name}: registering ${LEAGUES} leagues × ${PHONES} phones…`);
		const leagues = await district(call, LEAGUES, PHONES);
		const pushes: Push[] = [];
		for (let round = 0; round < CARDS_PER_PHONE; round++) {
			for (const league of leagues) {
				const bodies = await cardsFor(league.id, PHONES);
				league.phones.forEach((token, p) =>
					pushes.push({ path: `/api/leagues/${league.id}/cards`, token, body: bodies[p] ?? '' })
				);
			}
		}
		console.log(`  ${name}: ${pushes.length} pushes, ${CONNECTIONS} at a time…`);
		const district_ = await load(pushes);
		const rate = district_.created / district_.seconds;

		const big = leagues[0] as (typeof leagues)[number];
		const more = PULLED - CARDS_PER_PHONE * PHONES;
		const bodies = await cardsFor(big.id, more);
		await load(
			bodies.map((body, i) => ({
				path: `/api/leagues/${big.id}/cards`,
				token: big.phones[i % PHONES] as string,
				body
			})),
			300
		);
		const started = performance.now();
		let pulled = 0;
		for (let after = 0; ;) {
			const page = await call('GET', `/api/leagues/${big.id}/cards?after=${after}`, {
				token: big.instructor
			});
			const cards = page.body.cards as unknown[];
			if (cards.length === 0) break;
			pulled += cards.length;
			after = page.body.next as number;
		}
		const pullMs = performance.now() - started;
		const onPostgres = name === 'PostgreSQL';
		const p95 = percentile(district_.ms, 95);
		const note = `${LEAGUES} leagues × ${PHONES} phones × ${CARDS_PER_PHONE} cards, ${CONNECTIONS} in flight`;
		return [
			row(`server push p50 (${name})`, percentile(district_.ms, 50), 'ms', note),
			row(
				`server push p95 (${name})`,
				p95,
				'ms',
				onPostgres ? `budget ≤ ${P95_MAX_MS} ms` : note,
				onPostgres ? p95 <= P95_MAX_MS : null
			),
			row(
				`server cards/s (${name})`,
				rate,
				'count',
				onPostgres ? `budget ≥ ${CARDS_PER_S_MIN}/s` : `${district_.created} stored`,
				onPostgres ? rate >= CARDS_PER_S_MIN : null
			),
			row(`server pull of ${pulled} cards (${name})`, pullMs, 'ms', 'pages of 500')
		];
	} finally {
		await stopServer(server);
	}
}

function row(
	name: string,
	value: number,
	unit: Figure['unit'],
	note: string,
	pass: boolean | null = null
): Figure {
	return { name, value, unit, budget: null, pass, note };
}

/** The server's figures on PGlite and on PostgreSQL (a throwaway cluster, or BENCH_DATABASE_URL). */
export async function serverFigures(): Promise<Figure[]> {
	console.log('Measuring the school server…');
	const dataDir = mkdtempSync(join(tmpdir(), 'muggins-bench-'));
	const figures: Figure[] = [];
	try {
		figures.push(...(await measure('PGlite', { DATA_DIR: dataDir })));
	} finally {
		rmSync(dataDir, { recursive: true, force: true });
	}
	const cluster = process.env.BENCH_DATABASE_URL ? null : startCluster(PG_PORT);
	const url = process.env.BENCH_DATABASE_URL ?? cluster?.url;
	if (!url) {
		figures.push(row('server on PostgreSQL', NaN, 'count', 'PostgreSQL 15 not installed', false));
		return figures;
	}
	try {
		figures.push(...(await measure('PostgreSQL', { DATABASE_URL: url, PG_POOL: '20' })));
	} finally {
		cluster?.stop();
	}
	return figures;
}
