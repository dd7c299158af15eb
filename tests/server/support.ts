/**
 * The databases the server's tests run against: PGlite in memory always, and a real
 * PostgreSQL when TEST_DATABASE_URL names one (.ci/run starts a throwaway cluster). Each run
 * gets its own fresh database there, dropped at the end.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { pino } from 'pino';
import type { Hono } from 'hono';
import { createApp, type ServerOptions } from '../../server/app';
import type { ServerEnv } from '../../server/core/context';
import { openDatabase, type Database } from '../../server/core/db';

export interface Target {
	name: 'embedded' | 'postgres';
	/** A fresh, migrated database, and how to drop it. */
	open(): Promise<{ db: Database; url?: string; drop(): Promise<void> }>;
}

/** A PostgreSQL server given to the tests, if any. */
export const POSTGRES_URL = process.env.TEST_DATABASE_URL ?? '';

/** A new empty database on the PostgreSQL server at `POSTGRES_URL`, and how to drop it. */
export async function freshPostgres(): Promise<{ url: string; drop(): Promise<void> }> {
	const name = `muggins_test_${randomBytes(6).toString('hex')}`;
	const admin = new pg.Client({ connectionString: POSTGRES_URL });
	await admin.connect();
	await admin.query(`create database ${name}`);
	await admin.end();
	const url = new URL(POSTGRES_URL);
	url.pathname = `/${name}`;
	return {
		url: url.toString(),
		async drop() {
			const a = new pg.Client({ connectionString: POSTGRES_URL });
			await a.connect();
			await a.query(`drop database if exists ${name} with (force)`);
			await a.end();
		}
	};
}

/**
 * A bound on a hang for a hook that opens a target: the embedded database's first open, seconds
 * alone, ran past a minute on 2 cores shared with other work.
 */
export const OPEN_TIMEOUT = 180_000;

export const TARGETS: Target[] = [
	{
		name: 'embedded',
		async open() {
			const db = await openDatabase({ dataDir: 'memory://' });
			return { db, drop: async () => {} };
		}
	}
];
if (POSTGRES_URL) {
	TARGETS.push({
		name: 'postgres',
		async open() {
			const fresh = await freshPostgres();
			const db = await openDatabase({ url: fresh.url });
			return { db, url: fresh.url, drop: fresh.drop };
		}
	});
}

/** Empties every table between tests (the schema stays). */
export async function emptyTables(db: Database): Promise<void> {
	await db.query(
		'truncate leagues, players, sessions, handouts, join_codes, devices, cards, join_failures cascade'
	);
}

export const silent = pino({ level: 'silent' });

/** The server secret of the tests' apps (a real server keeps its own, secret.ts). */
export const TEST_SECRET = Buffer.alloc(32, 7);

export function appOn(db: Database, opts: Partial<ServerOptions> = {}): Hono<ServerEnv> {
	return createApp({ db, log: silent, secret: TEST_SECRET, ...opts });
}

/** League ids as the app makes them (the server takes no other). */
export const L1 = 'a1111111-1111-4111-8111-111111111111';
export const L2 = 'a2222222-2222-4222-8222-222222222222';

/** A reply: its status and its JSON body. */
export interface Reply {
	status: number;
	body: Record<string, unknown>;
}

/** Calls the API in-process (`app.request`) or over HTTP (`base`), as a client would. */
export function client(target: Hono<ServerEnv> | string) {
	return async (
		method: string,
		path: string,
		opts: {
			token?: string;
			json?: unknown;
			raw?: string;
			headers?: Record<string, string>;
			/** The connection's address, for an in-process call (as Node's server would give it). */
			from?: string;
		} = {}
	): Promise<Reply> => {
		const headers: Record<string, string> = {
			'content-type': 'application/json',
			...opts.headers
		};
		if (opts.token) headers.authorization = `Bearer ${opts.token}`;
		const body = opts.raw ?? (opts.json === undefined ? undefined : JSON.stringify(opts.json));
		const init = { method, headers, body };
		const res =
			typeof target === 'string'
				? await fetch(`${target}${path}`, init)
				: await target.request(
						path,
						init,
						opts.from ? { incoming: { socket: { remoteAddress: opts.from } } } : undefined
					);
		const text = await res.text();
		return { status: res.status, body: (text ? JSON.parse(text) : {}) as Record<string, unknown> };
	};
}
export type Call = ReturnType<typeof client>;

/** A registered league with its roster, and a joined phone. */
export async function classOn(call: Call, id: string, phones = 1) {
	const made = await call('POST', '/api/leagues', { json: { id, name: 'Period 3' } });
	const instructor = made.body.instructorToken as string;
	const joinCode = made.body.joinCode as string;
	const { rosterBody } = await import('./fixtures');
	await call('PUT', `/api/leagues/${id}/roster`, { token: instructor, json: rosterBody() });
	const devices: { token: string; id: string }[] = [];
	for (let i = 0; i < phones; i++) {
		const joined = await call('POST', '/api/join', {
			json: { joinCode, deviceName: `Group ${i + 1}` }
		});
		devices.push({ token: joined.body.deviceToken as string, id: joined.body.deviceId as string });
	}
	return { instructor, joinCode, devices };
}
