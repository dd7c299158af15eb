/**
 * The school server under a district's load, from this (second) process on loopback with
 * autocannon: 200 leagues × 8 phones push signed cards, on PGlite and on PostgreSQL; then
 * the instructor of one league pulls 10,000 cards page by page. Bounded: a fixed number of
 * requests, each run bounded in time (two minutes; five to fill the league pulled).
 * `npm run bench:server` runs it alone; `bench/run.ts` runs it after the app's figures.
 * PostgreSQL, which holds the budgets, is measured first: PGlite on these shared 2 cores has
 * taken ten minutes and more under other work, and the budgets' figures never wait on it.
 * Each step prints the seconds since the start, so a slow step shows which it is.
 *
 * Two runs, because latency under a flood is mostly the flood's own queue:
 * - latency: a card from every phone, offered at a fixed rate (RATE cards/s, the budget's
 *   throughput and more) over at most CONNECTIONS keep-alive sockets by the open-loop paced
 *   generator (bench/paced.ts): each push is due at a fixed time and its latency runs from then,
 *   so a wait in the generator counts against the server. p50/p95 is what a phone waits;
 * - throughput: another card from every phone as fast as the server takes them, FLOOD pushes in
 *   flight at a time: the most cards per second the server stores, timed to the last answer.
 * On PostgreSQL the server runs WORKERS processes (node:cluster) with PG_POOL connections each:
 * one by default, like `npm run server`; BENCH_WORKERS=2 measures two. (With the earlier group
 * commit, two processes on these shared 2 cores spent about twice the server CPU a card of one.)
 * Every figure's note names its run (RUN) and the paced run's note the machine's load average;
 * each database's part starts on a quiet machine (bench/quiet.ts), waited for and reported.
 */
import autocannon from 'autocannon';
import { execSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { client, type Call } from '../tests/server/support';
import { rosterBody, signedCard } from '../tests/server/fixtures';
import { startServer, stopServer } from '../tests/server/process';
import { cpuSeconds } from './cpu';
import { paced, percentile } from './paced';
import { startCluster } from './postgres';
import { quietWords, waitForQuiet } from './quiet';
import type { Figure } from './report';

const PORT = Number(process.env.BENCH_SERVER_PORT ?? 8807);
const PG_PORT = Number(process.env.BENCH_PG_PORT ?? 8808);
const BASE = `http://127.0.0.1:${PORT}`;
const LEAGUES = 200;
const PHONES = 8;
const CARDS_PER_PHONE = 2;
/** Cards every phone pushes to warm the server before anything is timed. */
const WARM_CARDS_PER_PHONE = 2;
/** Keep-alive sockets of the latency runs at most, and the cards per second offered on them. */
const CONNECTIONS = 64;
const RATE = Number(process.env.BENCH_RATE ?? 550);
/** Pushes in flight at once in the throughput run. */
const FLOOD = Number(process.env.BENCH_FLOOD ?? 16);
/** Server processes and connections per process on PostgreSQL. */
const WORKERS = process.env.BENCH_WORKERS ?? '1';
const PG_POOL = process.env.BENCH_PG_POOL ?? '4';
const PULLED = 10_000;

/**
 * Which run a figure comes from: when it started and the commit it measured (a `+` when the
 * tree held changes), written into every figure's note.
 */
const RUN = (() => {
	let commit = 'unknown';
	try {
		commit = execSync('git rev-parse --short HEAD', { encoding: 'utf8' }).trim();
		if (execSync('git status --porcelain -- server src', { encoding: 'utf8' }).trim() !== '') {
			commit += '+';
		}
	} catch {
		// not a git checkout
	}
	return `run ${new Date().toISOString().slice(0, 16)}Z of ${commit}`;
})();

/** Budgets of issue 16, on PostgreSQL. */
const P95_MAX_MS = 50;
const CARDS_PER_S_MIN = 500;

interface Push {
	path: string;
	token: string;
	body: string;
}

/** Registers `leagues` leagues with a roster and `phones` joined phones each. */
async function district(call: Call, leagues: number, phones: number) {
	const out: { id: string; instructor: string; phones: string[] }[] = [];
	for (let l = 0; l < leagues; l++) {
		const id = randomUUID();
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

/**
 * Sends `pushes` with autocannon; the latency of each, how many cards were stored, and the
 * seconds from the start to the last answer. Not to autocannon's `done`: that comes on its
 * once-a-second tick, so 1,600 pushes timed by it could only read 1,600, 800, 533… a second
 * (a run that stored 2,717/s by its last answer read 1,597/s).
 */
async function load(
	pushes: Push[],
	opts: { connections: number; boundSeconds?: number }
): Promise<{ ms: number[]; created: number; seconds: number }> {
	let next = 0;
	const ms: number[] = [];
	let created = 0;
	let refused = 0;
	const started = performance.now();
	let finished: (error: unknown) => void = () => {};
	const done = new Promise<void>((resolve, reject) => {
		finished = (error) => (error ? reject(error as Error) : resolve());
	});
	const instance = autocannon(
		{
			url: BASE,
			connections: opts.connections,
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
							headers: {
								'content-type': 'application/json',
								authorization: `Bearer ${push.token}`
							},
							body: push.body
						};
					}
				}
			]
		},
		(error) => finished(error)
	);
	let lastAnswer = started;
	instance.on('response', (_client, status, _bytes, time) => {
		lastAnswer = performance.now();
		ms.push(time);
		if (status === 201) created++;
		else refused++;
	});
	const bound = setTimeout(() => instance.stop(), (opts.boundSeconds ?? 120) * 1000);
	await done;
	clearTimeout(bound);
	const seconds = (lastAnswer - started) / 1000;
	if (refused > 0) throw new Error(`${refused} pushes were not stored`);
	return { ms, created, seconds };
}

async function cardsFor(leagueId: string, count: number): Promise<string[]> {
	const out: string[] = [];
	for (let i = 0; i < count; i++) out.push(JSON.stringify(await signedCard(leagueId)));
	return out;
}

/** A push of a new card from every phone of `leagues`. */
async function cardEach(leagues: Awaited<ReturnType<typeof district>>): Promise<Push[]> {
	const pushes: Push[] = [];
	for (const league of leagues) {
		const bodies = await cardsFor(league.id, PHONES);
		league.phones.forEach((token, p) =>
			pushes.push({ path: `/api/leagues/${league.id}/cards`, token, body: bodies[p] ?? '' })
		);
	}
	return pushes;
}

const BENCH_START = performance.now();

/** Prints `step`, after the seconds since the bench started. */
function step(text: string): void {
	console.log(`  [${((performance.now() - BENCH_START) / 1000).toFixed(0)} s] ${text}`);
}

/** Every figure of one database. */
async function measure(
	name: string,
	env: Record<string, string>,
	databasePid: number | null = null
): Promise<Figure[]> {
	step(`${name}: waiting for a quiet machine…`);
	const quiet = await waitForQuiet();
	// 200 leagues come from this one address: far more than a school registers in an hour.
	const server = await startServer(PORT, { REGISTRATIONS_PER_HOUR: '1000', ...env });
	try {
		const call = client(BASE);
		step(`${name}: registering ${LEAGUES} leagues × ${PHONES} phones…`);
		const leagues = await district(call, LEAGUES, PHONES);
		const rounds: Push[][] = [];
		for (let round = 0; round < CARDS_PER_PHONE; round++) rounds.push(await cardEach(leagues));
		const [first = [], second = []] = rounds;
		// A school's server runs for months: warm it (compiled code, each connection's prepared
		// statements) before anything is timed. V8 keeps optimizing the push's code, on threads of
		// the server's process, long after the first few hundred pushes: after 400 warm pushes the
		// paced run cost the server 1.1-1.4 ms of CPU a push, after 3,200 0.8-1.1 ms (four runs each,
		// interleaved), and that CPU is what the database and the generator lack when a push waits.
		const warm: Push[] = [];
		for (let round = 0; round < WARM_CARDS_PER_PHONE; round++)
			warm.push(...(await cardEach(leagues)));
		step(`${name}: warming up with ${warm.length} pushes…`);
		await load(warm, { connections: CONNECTIONS });
		step(`${name}: ${first.length} pushes offered at ${RATE}/s, paced…`);
		const loadBefore = loadavg()[0] ?? NaN;
		const generatorBefore = process.cpuUsage();
		const even = await paced({
			base: BASE,
			rate: RATE,
			sockets: CONNECTIONS,
			boundSeconds: 120,
			requests: first.map((push) => ({
				method: 'POST',
				path: push.path,
				headers: { 'content-type': 'application/json', authorization: `Bearer ${push.token}` },
				body: push.body
			}))
		});
		const generator = process.cpuUsage(generatorBefore);
		const generatorMs = (generator.user + generator.system) / 1000 / first.length;
		const evenStored = even.statuses.get(201) ?? 0;
		if (evenStored !== first.length) {
			const got = JSON.stringify(Object.fromEntries(even.statuses));
			throw new Error(
				`paced run: ${evenStored} of ${first.length} stored (${got}, ${even.errors} errors, ${even.resent} sent again, ${even.unfinished} unfinished)`
			);
		}
		step(`${name}: ${second.length} pushes, ${FLOOD} in flight…`);
		const pids = [server.pid ?? 0, ...(databasePid ? [databasePid] : [])];
		const cpuBefore = pids.map(cpuSeconds);
		const flood = await load(second, { connections: FLOOD });
		const cpuMs = pids.map(
			(pid, i) => ((cpuSeconds(pid) - (cpuBefore[i] ?? 0)) * 1000) / flood.created
		);
		const rate = flood.created / flood.seconds;

		const big = leagues[LEAGUES - 1] as (typeof leagues)[number];
		const more = PULLED - CARDS_PER_PHONE * PHONES;
		step(`${name}: filling one league to ${PULLED} cards, then pulling them…`);
		const bodies = await cardsFor(big.id, more);
		await load(
			bodies.map((body, i) => ({
				path: `/api/leagues/${big.id}/cards`,
				token: big.phones[i % PHONES] as string,
				body
			})),
			{ connections: FLOOD, boundSeconds: 300 }
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
		const p95 = percentile(even.latencyMs, 95);
		const setup = onPostgres ? `, ${WORKERS} processes × ${PG_POOL} connections` : '';
		const paceNote = `${first.length} pushes offered at ${RATE}/s open-loop (${(evenStored / even.seconds).toFixed(0)}/s stored), latency from each push's due time, ≤ ${CONNECTIONS} keep-alive sockets${setup}; machine load average ${loadBefore.toFixed(1)} before, ${quietWords(quiet)} at the start`;
		const floodNote = `${LEAGUES} leagues × ${PHONES} phones, ${FLOOD} in flight${setup}`;
		return [
			row(`server push p50 (${name})`, percentile(even.latencyMs, 50), 'ms', paceNote),
			row(
				`server push p95 (${name})`,
				p95,
				'ms',
				onPostgres ? `budget ≤ ${P95_MAX_MS} ms; ${paceNote}` : paceNote,
				onPostgres ? p95 <= P95_MAX_MS : null
			),
			row(
				`load generator lateness p95, paced run (${name})`,
				percentile(even.lateMs, 95),
				'ms',
				`from each push's due time to its send: the generator's own delay, which the latency above includes`
			),
			// The generator runs on the same 2 cores as the server and the database: what it takes
			// is not the server's, but the server cannot have it either.
			row(
				`load generator CPU per push, paced run (${name})`,
				generatorMs,
				'ms',
				`the bench process sending the paced run (requests pre-built, raw keep-alive sockets), on the server's cores`
			),
			row(
				`server cards/s (${name})`,
				rate,
				'count',
				onPostgres ? `budget ≥ ${CARDS_PER_S_MIN}/s; ${floodNote}` : floodNote,
				onPostgres ? rate >= CARDS_PER_S_MIN : null
			),
			row(
				`server push p95 at most throughput (${name})`,
				percentile(flood.ms, 95),
				'ms',
				floodNote
			),
			row(
				`server CPU per card stored (${name})`,
				cpuMs[0] ?? NaN,
				'ms',
				`server processes, ${floodNote}`
			),
			...(databasePid
				? [row(`PostgreSQL CPU per card stored`, cpuMs[1] ?? NaN, 'ms', floodNote)]
				: []),
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
	return { name, value, unit, budget: null, pass, note: `${RUN}; ${note}` };
}

/** The server's figures on PostgreSQL (a throwaway cluster, or BENCH_DATABASE_URL), then on PGlite. */
export async function serverFigures(): Promise<Figure[]> {
	console.log('Measuring the school server…');
	const figures: Figure[] = [];
	if (process.env.BENCH_SERVER_ONLY !== 'pglite') figures.push(...(await onPostgres()));
	if (process.env.BENCH_SERVER_ONLY === 'postgres') return figures;
	const dataDir = mkdtempSync(join(tmpdir(), 'muggins-bench-'));
	try {
		// PGlite has no budget: a run it cannot finish is recorded, the figures before it kept.
		figures.push(
			...(await measure('PGlite', { DATA_DIR: dataDir }).catch((e: unknown) => [
				row('server on PGlite', NaN, 'count', `did not finish: ${String(e)}`)
			]))
		);
	} finally {
		rmSync(dataDir, { recursive: true, force: true });
	}
	return figures;
}

/** The figures on PostgreSQL: a missing PostgreSQL misses the budgets. */
async function onPostgres(): Promise<Figure[]> {
	const cluster = process.env.BENCH_DATABASE_URL ? null : startCluster(PG_PORT);
	const url = process.env.BENCH_DATABASE_URL ?? cluster?.url;
	if (!url)
		return [row('server on PostgreSQL', NaN, 'count', 'PostgreSQL 15 not installed', false)];
	try {
		return await measure(
			'PostgreSQL',
			{ DATABASE_URL: url, PG_POOL, WORKERS },
			cluster?.pid ?? null
		);
	} finally {
		cluster?.stop();
	}
}
