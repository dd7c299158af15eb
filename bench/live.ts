/**
 * The live classroom under a district's load (issue 40), on PostgreSQL with one server process
 * (as `npm run server` runs), the generator in this second process: 200 leagues × 8 phones,
 * each phone playing a handed-out game and recording an entry every 10 s (160 entries a
 * second, each a sealed live message), every phone and every instructor holding the league's
 * stream, and signed cards pushed at 550 a second besides. Then the streams are topped up to
 * 10,000 and the server's memory read.
 *
 * Every time is read on this process's clock: an entry is due at a fixed time (open loop, so a
 * late generator or a slow server both count, no coordinated omission), and its latency runs
 * from then to the moment its instructor's stream delivers it here. An entry never delivered
 * counts as missed, reported beside the percentiles.
 *
 * The same end to end in the browser (live-browser.ts): one league more, set up through the
 * app's pages in Chromium on the built app this server serves, its phone tapping a count every
 * 2 s on a schedule fixed in advance while the load runs; each tap's time runs from its due time
 * to the moment the instructor's session page shows it, reported to this process (a tap never
 * shown counts as never in the p95).
 *
 * `npm run bench:live` runs it alone; `bench/run.ts` runs it with the server's part.
 */
import { execSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { request, type ClientRequest } from 'node:http';
import { loadavg } from 'node:os';
import { exportPublicKey, newKeyPair } from '$lib/card/keys';
import { livePayload } from '$lib/transfer/envelope';
import type { LivePayload } from '$lib/transfer/schema';
import { sealed } from '$lib/transfer/sealed';
import { SseParser } from '$lib/sync/sse';
import { client, type Call } from '../tests/server/support';
import { handedOut, rosterBody, signedCard, TEMPLATE } from '../tests/server/fixtures';
import { startServer, stopServer } from '../tests/server/process';
import { cpuSeconds, residentMb } from './cpu';
import { paced, percentile, type PacedRequest } from './paced';
import { startCluster } from './postgres';
import { flushPercentile, flushWords, startDiskProbe } from './disk-probe';
import { quietWords, waitForQuiet } from './quiet';
import { figure, type Figure } from './report';
import { sampledLeague } from './live-browser';

const PORT = Number(process.env.BENCH_LIVE_PORT ?? 8817);
const PG_PORT = Number(process.env.BENCH_LIVE_PG_PORT ?? 8818);
const BASE = `http://127.0.0.1:${PORT}`;
const LEAGUES = Number(process.env.BENCH_LIVE_LEAGUES ?? 200);
const PHONES = 8;
/** Seconds between two entries of one phone. */
const ENTRY_EVERY_S = 10;
/** Seconds the live load runs. */
const SECONDS = Number(process.env.BENCH_LIVE_SECONDS ?? 30);
const CARDS_PER_S = Number(process.env.BENCH_RATE ?? 550);
/** Cards pushed before the live play is timed, as the server's part warms up (server.ts). */
const WARM_CARDS = 3_200;
const STREAMS = Number(process.env.BENCH_LIVE_STREAMS ?? 10_000);
/** How long after the last entry was due the streams are still read for it. */
const GRACE_MS = 5_000;
/** How much longer the streams are read for entries not heard by then: lost, or only late. */
const LATE_MS = 60_000;

/** Which run a figure comes from: its start and the commit it measured. */
const RUN = (() => {
	let commit = 'unknown';
	try {
		commit = execSync('git rev-parse --short HEAD', { encoding: 'utf8' }).trim();
	} catch {
		// not a git checkout
	}
	return `run ${new Date().toISOString().slice(0, 16)}Z of ${commit}`;
})();

interface Phone {
	token: string;
	gameId: string;
	game: LivePayload['game'];
	signer: { publicKey: string; privateKey: CryptoKey };
}

interface League {
	id: string;
	instructor: string;
	phones: Phone[];
}

/** A game of the template's players, in progress, handed out in session `sessionId`. */
function gameOf(leagueId: string, sessionId: string, gameId: string): LivePayload['game'] {
	return {
		...TEMPLATE.game,
		id: gameId,
		leagueId,
		sessionId,
		status: 'in-progress',
		finishedAt: null,
		fingerprint: null,
		result: null,
		signedAt: null
	} as LivePayload['game'];
}

/**
 * Registers one league with its roster, hands out one session a phone (each its own game),
 * and joins its phones with their keys; each phone says it joined its game.
 */
async function league(call: Call, n: number): Promise<League> {
	const id = randomUUID();
	const made = await call('POST', '/api/leagues', { json: { id, name: `Class ${n}` } });
	const instructor = made.body.instructorToken as string;
	await call('PUT', `/api/leagues/${id}/roster`, { token: instructor, json: rosterBody() });
	const phones: Phone[] = [];
	for (let p = 0; p < PHONES; p++) {
		const sessionId = randomUUID();
		const session = await handedOut(id, sessionId);
		await call('PUT', `/api/leagues/${id}/groups/${sessionId}`, {
			token: instructor,
			json: session
		});
		const gameId = session.groups[0]?.gameId as string;
		const keys = await newKeyPair();
		const publicKey = await exportPublicKey(keys.publicKey);
		const joined = await call('POST', '/api/join', {
			json: { joinCode: made.body.joinCode, deviceName: `Group ${p + 1}`, deviceKey: publicKey }
		});
		const token = joined.body.deviceToken as string;
		const said = await call('PUT', `/api/leagues/${id}/games/${gameId}/state`, {
			token,
			json: { state: 'playing' }
		});
		if (said.status !== 200) throw new Error(`state: ${said.status}`);
		phones.push({
			token,
			gameId,
			game: gameOf(id, sessionId, gameId),
			signer: { publicKey, privateKey: keys.privateKey }
		});
	}
	return { id, instructor, phones };
}

/** Entry `seq` of the template's log as phone `phone`'s game's, sealed in a live message. */
async function entryMessage(phone: Phone, seq: number): Promise<string> {
	const template = TEMPLATE.events[(seq - 1) % TEMPLATE.events.length];
	if (!template) throw new Error('the template card has no entries');
	const entry = { ...template, gameId: phone.gameId, seq };
	return JSON.stringify(await sealed(livePayload(phone.game, [entry]), phone.signer));
}

/** One open stream, its messages handed to `onMessage` as they come. */
interface Stream {
	request: ClientRequest;
	opened: Promise<number>;
}

/** Opens league `leagueId`'s stream with `token`; `onMessage` gets each message's event and data. */
function openStream(
	leagueId: string,
	token: string,
	onMessage?: (event: string, data: string) => void
): Stream {
	let resolveOpened: (status: number) => void = () => {};
	const opened = new Promise<number>((resolve) => (resolveOpened = resolve));
	const req = request(`${BASE}/api/leagues/${leagueId}/stream`, {
		agent: false,
		headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' }
	});
	req.on('response', (res) => {
		resolveOpened(res.statusCode ?? 0);
		if (!onMessage) {
			res.resume();
			return;
		}
		res.setEncoding('utf8');
		// The app's own reader of a stream, as the instructor's device reads it.
		const parser = new SseParser();
		res.on('data', (chunk: string) => {
			for (const item of parser.feed(chunk)) {
				if (item.type === 'message') onMessage(item.event, item.data);
			}
		});
		// A stream read for its messages that ends is not opened again: an instructor's league's
		// later entries would go unheard, so its end is counted (`streamsEnded`; an instructor's
		// token starts `mli_`, server/core/tokens.ts).
		res.on('close', () => {
			if (!closing && token.startsWith('mli_')) streamsEnded++;
		});
	});
	req.on('error', () => resolveOpened(0));
	req.end();
	return { request: req, opened };
}

/** Instructors' streams that ended before the bench closed them. */
let streamsEnded = 0;
/** The bench is closing its streams: their ends are not counted. */
let closing = false;

/** Streams opened at once: more at a time overflow the server's queue of new connections. */
const OPEN_AT_ONCE = 250;

/** Opens each of `openers`, `OPEN_AT_ONCE` at a time, into `streams`; throws if one does not open. */
async function openAll(openers: readonly (() => Stream)[], streams: Stream[]): Promise<void> {
	for (let i = 0; i < openers.length; i += OPEN_AT_ONCE) {
		const batch = openers.slice(i, i + OPEN_AT_ONCE).map((open) => open());
		streams.push(...batch);
		const statuses = await Promise.all(batch.map((s) => s.opened));
		const notOpen = statuses.filter((s) => s !== 200);
		if (notOpen.length > 0) {
			throw new Error(`${notOpen.length} streams did not open (statuses ${notOpen.join(', ')})`);
		}
	}
}

const BENCH_START = performance.now();

function step(text: string): void {
	console.log(`  [${((performance.now() - BENCH_START) / 1000).toFixed(0)} s] ${text}`);
}

function note(text: string): string {
	return `${RUN}; ${text}`;
}

/** The live figures on a throwaway PostgreSQL cluster (or BENCH_DATABASE_URL). */
export async function liveFigures(): Promise<Figure[]> {
	console.log('Measuring the live classroom on the school server…');
	const cluster = process.env.BENCH_DATABASE_URL ? null : startCluster(PG_PORT);
	const url = process.env.BENCH_DATABASE_URL ?? cluster?.url;
	if (!url) {
		return [figure('live entry to instructor p95', NaN, 'ms', 'PostgreSQL 15 not installed')];
	}
	try {
		return await measure(url);
	} finally {
		cluster?.stop();
	}
}

async function measure(databaseUrl: string): Promise<Figure[]> {
	const quiet = await waitForQuiet();
	const server = await startServer(PORT, {
		DATABASE_URL: databaseUrl,
		WORKERS: '1',
		REGISTRATIONS_PER_HOUR: '10000'
	});
	const streams: Stream[] = [];
	// One league more, in the browser: tap on its phone → the instructor's screen (live-browser.ts).
	const sampled = await sampledLeague(BASE);
	try {
		const pid = server.pid ?? 0;
		const call = client(BASE);
		step(`registering ${LEAGUES} leagues × ${PHONES} phones, each with its game…`);
		const leagues: League[] = [];
		for (let l = 0; l < LEAGUES; l++) leagues.push(await league(call, l));
		const phones = leagues.flatMap((l) => l.phones);

		const rounds = Math.max(1, Math.floor(SECONDS / ENTRY_EVERY_S));
		step(`sealing ${rounds * phones.length} live entries and ${CARDS_PER_S * SECONDS} cards…`);
		// Round r, phone k: due at r × 10 s + k × (10 s / phones), so the paced generator's fixed
		// rate (phones / 10 a second) is exactly every phone recording every ten seconds.
		const entries: PacedRequest[] = [];
		const entryKeys: string[] = [];
		for (let r = 0; r < rounds; r++) {
			for (const phone of phones) {
				entries.push({
					method: 'POST',
					path: `/api/leagues/${phone.game.leagueId}/live`,
					headers: { 'content-type': 'application/json', authorization: `Bearer ${phone.token}` },
					body: await entryMessage(phone, r + 1)
				});
				entryKeys.push(`${phone.gameId}:${r + 1}`);
			}
		}
		const cardPushes = async (count: number): Promise<PacedRequest[]> => {
			const out: PacedRequest[] = [];
			for (let i = 0; i < count; i++) {
				const owner = leagues[i % leagues.length] as League;
				const phone = owner.phones[i % PHONES] as Phone;
				out.push({
					method: 'POST',
					path: `/api/leagues/${owner.id}/cards`,
					headers: { 'content-type': 'application/json', authorization: `Bearer ${phone.token}` },
					body: JSON.stringify(await sealed(await signedCard(owner.id), phone.signer))
				});
			}
			return out;
		};
		const cards = await cardPushes(CARDS_PER_S * SECONDS);
		const warm = await cardPushes(WARM_CARDS);

		step(`opening ${leagues.length + phones.length} streams (every instructor and phone)…`);
		const heardAt = new Map<string, number>();
		let deviceLive = 0;
		const opening: (() => Stream)[] = [];
		for (const l of leagues) {
			opening.push(() =>
				openStream(l.id, l.instructor, (event, data) => {
					if (event !== 'live') return;
					const message = JSON.parse(data) as { events: { gameId: string; seq: number }[] };
					const now = performance.now();
					for (const e of message.events) {
						const key = `${e.gameId}:${e.seq}`;
						if (!heardAt.has(key)) heardAt.set(key, now);
					}
				})
			);
			for (const phone of l.phones) {
				opening.push(() =>
					openStream(l.id, phone.token, (event) => {
						if (event === 'live' || event === 'state' || event === 'cards') deviceLive++;
					})
				);
			}
		}
		await openAll(opening, streams);
		const withClass = residentMb(pid);
		step(`more phones' streams, up to ${STREAMS} in all…`);
		const extra: (() => Stream)[] = [];
		for (let i = streams.length; i < STREAMS; i++) {
			const l = leagues[i % leagues.length] as League;
			const phone = l.phones[i % PHONES] as Phone;
			extra.push(() => openStream(l.id, phone.token));
		}
		await openAll(extra, streams);
		await new Promise((r) => setTimeout(r, 3000));
		const idle = residentMb(pid);
		// As the server's own part warms its server (server.ts): a school's server has run for
		// months before a class plays. Cold, its first 3 s of cards here took 275-430 ms each
		// (the push's code not yet optimized, the connections' statements not yet prepared), and
		// those 1,650 of the 16,500 pushes were the run's p95 (277 ms, 2026-12-03 07:37 UTC).
		step(`warming up with ${warm.length} cards…`);
		const warmed = await paced({ base: BASE, rate: CARDS_PER_S, sockets: 64, requests: warm });
		if ((warmed.statuses.get(201) ?? 0) !== warm.length) {
			throw new Error(`warm-up: ${JSON.stringify(Object.fromEntries(warmed.statuses))}`);
		}
		await new Promise((r) => setTimeout(r, 1000));

		step(
			`${SECONDS} s of live play: ${(phones.length / ENTRY_EVERY_S).toFixed(0)} entries/s and ${CARDS_PER_S} cards/s, ${streams.length} streams open…`
		);
		const loadBefore = loadavg()[0] ?? NaN;
		const cpuBefore = cpuSeconds(pid);
		let peak = idle;
		const sampler = setInterval(() => (peak = Math.max(peak, residentMb(pid))), 500);
		const disk = startDiskProbe();
		const [live, pushed] = await Promise.all([
			paced({
				base: BASE,
				rate: phones.length / ENTRY_EVERY_S,
				sockets: 256,
				requests: entries,
				boundSeconds: SECONDS + 60
			}),
			paced({
				base: BASE,
				rate: CARDS_PER_S,
				sockets: 64,
				requests: cards,
				boundSeconds: SECONDS + 60
			}),
			sampled.tap(SECONDS)
		]);
		const cpu = cpuSeconds(pid) - cpuBefore;
		const flushes = await disk.stop();
		// BENCH_LIVE_TRACE=<file>: each card's due time and latency (ms), to see where a slow
		// push fell in the run (a stall every 20 s: docs/speed.md, 2026-12-02 04:13).
		if (process.env.BENCH_LIVE_TRACE) {
			writeFileSync(
				process.env.BENCH_LIVE_TRACE,
				JSON.stringify({
					// The run's start on the wall clock, to set the disk's flushes beside the pushes.
					startedAt: performance.timeOrigin + pushed.startedAt,
					dueMs: pushed.dueMs,
					latencyMs: pushed.latencyMs,
					flushes
				})
			);
		}
		await new Promise((r) => setTimeout(r, GRACE_MS));
		const graceEnd = performance.now();
		clearInterval(sampler);
		// An entry not heard within the grace counts as never in the p95 (Infinity), as a tap
		// never shown does in the browser's: left out, a tenth of the entries missing would not
		// move it (504 of 4,800 on 2026-12-01 22:52).
		const liveMs = entryKeys.map((key, i) => {
			const at = heardAt.get(key);
			return at === undefined || at > graceEnd
				? Infinity
				: at - (live.startedAt + (live.dueMs[i] ?? 0));
		});
		const missed = liveMs.filter((ms) => ms === Infinity).length;
		// Whether those are lost or only late: the streams are read on for up to LATE_MS more.
		const lateBound = performance.now() + LATE_MS;
		while (heardAt.size < entryKeys.length && performance.now() < lateBound) {
			await new Promise((r) => setTimeout(r, 250));
		}
		const lostKeys = entryKeys.filter((key) => !heardAt.has(key));
		const lost = lostKeys.length;
		// Where the lost ones were: how many leagues (games) and rounds they fall in.
		const lostGames = new Set(lostKeys.map((k) => k.split(':')[0]));
		const lostRounds = new Set(lostKeys.map((k) => k.split(':')[1]));
		const heardLate = entryKeys.map((key, i) => {
			const at = heardAt.get(key);
			return at !== undefined && at > graceEnd ? at - (live.startedAt + (live.dueMs[i] ?? 0)) : NaN;
		});
		const lateCount = heardLate.filter((ms) => !Number.isNaN(ms)).length;
		const lateWords =
			missed === 0
				? ''
				: ` (${lateCount} of them heard later, the last ${(Math.max(0, ...heardLate.filter((ms) => !Number.isNaN(ms))) / 1000).toFixed(1)} s after it was due; ${lost} never within ${LATE_MS / 1000} s more, of ${lostGames.size} games in ${lostRounds.size} rounds; ${streamsEnded} instructors' streams ended by the server)`;
		const refusedLive = entries.length - (live.statuses.get(200) ?? 0);
		const storedCards = pushed.statuses.get(201) ?? 0;
		const phoneHours = (phones.length * live.seconds) / 3600;
		const answers = (r: typeof live) =>
			`answers ${JSON.stringify(Object.fromEntries(r.statuses))}, ${r.errors} failed on the wire, ${r.resent} sent again as a kept-alive socket closed under it, ${r.unfinished} cut by the time bound`;
		const open = streams.length;
		const setup = `${LEAGUES} leagues × ${PHONES} phones, ${entries.length} entries offered at ${(phones.length / ENTRY_EVERY_S).toFixed(0)}/s open-loop and ${cards.length} cards at ${CARDS_PER_S}/s beside them, one server process on PostgreSQL; load average ${loadBefore.toFixed(1)} before, ${quietWords(quiet)} at the start`;
		return [
			figure(
				'live entry to instructor p95',
				percentile(liveMs, 95),
				'ms',
				note(
					`from each entry's due time to its instructor's stream in this process (in the browser: the next figure); p50 ${percentile(liveMs, 50).toFixed(0)} ms, ${missed} of ${entries.length} not heard within ${GRACE_MS / 1000} s of the run's end${lateWords}, ${refusedLive} not stored (${answers(live)}); ${setup}`
				)
			),
			sampled.figure((text) => note(`${text}; ${setup}`)),
			figure(
				'server push p95 during live play',
				// A card refused is a push that failed: the figure fails with it.
				storedCards === cards.length ? percentile(pushed.latencyMs, 95) : NaN,
				'ms',
				note(
					`${storedCards} of ${cards.length} cards stored (${answers(pushed)}); the generator itself late by p95 ${percentile(pushed.lateMs, 95).toFixed(1)} ms, most ${Math.max(...pushed.lateMs.filter((ms) => !Number.isNaN(ms))).toFixed(1)} ms (its own process held up, counted in the latency all the same); ${flushWords(flushes)}; ${setup}`
				)
			),
			figure(
				'disk flush p99 during live play',
				flushPercentile(flushes, 99),
				'ms',
				note(
					`no budget: a PostgreSQL commit waits on the disk as this does (bench/disk-probe.ts); ${flushWords(flushes)}`
				)
			),
			figure(
				'server CPU per phone-hour of live play',
				(cpu * 1000) / phoneHours,
				'ms',
				note(
					`server process CPU over the live run (cards included) ÷ phone-hours: ${cpu.toFixed(1)} s in ${live.seconds.toFixed(0)} s, ${((cpu * 1000) / (entries.length + storedCards)).toFixed(2)} ms a message (entries and cards stored); ${setup}`
				)
			),
			figure(
				'live messages a phone heard',
				deviceLive,
				'count',
				note("live entries, game states and card numbers a phone's stream carried: none may")
			),
			figure(
				'server memory with 10,000 streams',
				peak,
				'MB',
				note(
					`the server process's peak resident memory over the live run with ${open} streams open; ${idle.toFixed(0)} MB with them idle before it, ${withClass.toFixed(0)} MB with the district's ${leagues.length + phones.length} (every phone and instructor)`
				)
			)
		];
	} finally {
		closing = true;
		for (const s of streams) s.request.destroy();
		await sampled.close();
		await stopServer(server);
	}
}
