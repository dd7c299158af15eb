/**
 * One interface over both databases the server runs on: PGlite (PostgreSQL compiled to WASM,
 * in this process, files under DATA_DIR) and a real PostgreSQL through `pg`. Both speak the
 * same SQL with `$1` parameters, so every query and migration is written once.
 */
import { readdir, readFile } from 'node:fs/promises';
import { mkdirSync } from 'node:fs';
import pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';

/** Runs one statement; rows come back as plain objects. */
export type Query = <T = Record<string, unknown>>(sql: string, params?: unknown[]) => Promise<T[]>;

export interface Database {
	kind: 'embedded' | 'postgres';
	/** Statements it runs at once at most (the pool's size; PGlite runs one at a time). */
	connections: number;
	query: Query;
	/** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
	transaction<T>(work: (q: Query) => Promise<T>): Promise<T>;
	close(): Promise<void>;
}

/** Where the database lives: a folder for PGlite (`memory://` for tests), or a URL. */
export type DatabaseTarget = { dataDir: string } | { url: string; connections?: number };

async function openEmbedded(dataDir: string): Promise<Database> {
	const { PGlite } = await import('@electric-sql/pglite');
	if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
	const db: PGlite = await PGlite.create(dataDir);
	const run =
		(on: Pick<PGlite, 'query'>): Query =>
		async (sql, params) =>
			(await on.query(sql, params)).rows as never;
	return {
		kind: 'embedded',
		connections: 1,
		query: run(db),
		transaction: (work) => db.transaction((tx) => work(run(tx))),
		close: () => db.close()
	};
}

/** The default size of the pool of PostgreSQL connections (PG_POOL). */
const DEFAULT_CONNECTIONS = 4;

/** How long a new connection may take before the request waiting for it is answered 503. */
const CONNECT_TIMEOUT_MS = 5000;

function openPostgres(url: string, connections = DEFAULT_CONNECTIONS): Database {
	// Bigints (the card sequence) come back as numbers: they stay far below 2^53.
	pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
	// Idle connections stay open: a new one costs a push a PostgreSQL process started and
	// push_cards compiled and planned anew, and a class's cards come in bursts after quiet spells
	// (measured, three quiet spells of 11 s each: the first push after one took 14-16 ms with pg's
	// default of closing a connection idle for 10 s, 5-12 ms with it kept; a push otherwise 2-4).
	const pool = new pg.Pool({
		connectionString: url,
		max: connections,
		idleTimeoutMillis: 0,
		connectionTimeoutMillis: CONNECT_TIMEOUT_MS
	});
	// A dropped idle connection must not take the process down; the next query reconnects.
	pool.on('error', () => {});
	// Every statement with parameters is prepared once per connection, under a name of its own:
	// a repeated query then skips PostgreSQL's parse and plan.
	const names = new Map<string, string>();
	const named = (sql: string) => {
		let name = names.get(sql);
		if (!name) names.set(sql, (name = `s${names.size}`));
		return name;
	};
	const run =
		(on: pg.Pool | pg.PoolClient): Query =>
		async (sql, params) =>
			(params
				? await on.query({ name: named(sql), text: sql, values: params })
				: await on.query(sql)
			).rows as never;
	return {
		kind: 'postgres',
		connections,
		query: run(pool),
		async transaction(work) {
			const client = await pool.connect();
			try {
				await client.query('begin');
				const out = await work(run(client));
				await client.query('commit');
				return out;
			} catch (e) {
				await client.query('rollback').catch(() => {});
				throw e;
			} finally {
				client.release();
			}
		},
		close: () => pool.end()
	};
}

const MIGRATIONS = new URL('../migrations/', import.meta.url);

/**
 * Brings the schema up to date: each file of `migrations/` not yet applied, in name order, in
 * one transaction with its record. An advisory lock lets several processes start at once.
 */
export async function migrate(db: Database): Promise<string[]> {
	const files = (await readdir(MIGRATIONS)).filter((f) => f.endsWith('.sql')).sort();
	const sources = await Promise.all(files.map((f) => readFile(new URL(f, MIGRATIONS), 'utf8')));
	return db.transaction(async (q) => {
		await q('select pg_advisory_xact_lock(16016)');
		await q('create table if not exists schema_migrations (name text primary key)');
		const done = new Set(
			(await q<{ name: string }>('select name from schema_migrations')).map((r) => r.name)
		);
		const applied: string[] = [];
		for (const [i, name] of files.entries()) {
			if (done.has(name)) continue;
			// Statements one by one: pg's extended protocol takes one statement per query.
			for (const statement of splitStatements(sources[i] ?? '')) await q(statement);
			await q('insert into schema_migrations (name) values ($1)', [name]);
			applied.push(name);
		}
		return applied;
	});
}

/**
 * The statements of a migration file: split at semicolons, except inside a `$$ … $$` body (a
 * function's); comment lines dropped. No semicolons inside strings in our files.
 */
export function splitStatements(source: string): string[] {
	const text = source
		.split('\n')
		.filter((line) => !line.trim().startsWith('--'))
		.join('\n');
	const statements: string[] = [];
	let current = '';
	text.split('$$').forEach((part, i) => {
		if (i % 2 === 1) {
			current += `$$${part}$$`;
			return;
		}
		const pieces = part.split(';');
		current += pieces[0] ?? '';
		for (const piece of pieces.slice(1)) {
			statements.push(current);
			current = piece;
		}
	});
	statements.push(current);
	return statements.map((s) => s.trim()).filter((s) => s.length > 0);
}

/** Opens the database without migrating it (a server whose database may be away). */
export async function connectDatabase(target: DatabaseTarget): Promise<Database> {
	return 'url' in target
		? openPostgres(target.url, target.connections)
		: await openEmbedded(target.dataDir);
}

/** Opens the database and migrates it. */
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
	const db = await connectDatabase(target);
	try {
		await migrate(db);
	} catch (e) {
		await db.close();
		throw e;
	}
	return db;
}
