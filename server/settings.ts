/**
 * The server's settings, every one parsed and checked before anything starts: a bad value stops
 * the server with one line naming the variable, the value and what is allowed, rather than a
 * stack trace (`PORT=abc`), a 500 on every registration (`JOIN_CODE_DAYS=abc`) or a server that
 * answers its health check and nothing else. The variables are documented in docs/server.md.
 */
import { resolve } from 'node:path';

/** A setting that cannot be used; `message` is the one line the operator reads. */
export class SettingError extends Error {
	constructor(
		readonly variable: string,
		readonly value: string,
		readonly allowed: string
	) {
		super(`${variable}=${JSON.stringify(value)} cannot be used: ${allowed}.`);
		this.name = 'SettingError';
	}
}

export interface Settings {
	port: number;
	/** The address it listens on; every address when null. */
	host: string | null;
	/** The embedded database's folder, or null when `databaseUrl` is set. */
	dataDir: string | null;
	databaseUrl: string | null;
	pgPool: number;
	workers: number;
	appDir: string;
	/** How many proxies stand in front of the server (0: the connection's address is the client's). */
	trustProxy: number;
	joinCodeDays: number;
	logLevel: string;
	/** The server secret given directly (hex or base64, 32 bytes or more), or null. */
	secret: string | null;
	/** The file the server secret is kept in when SERVER_SECRET is not set. */
	secretFile: string;
	/** Leagues one address may register in an hour. */
	registrationsPerHour: number;
	/** Live streams one process holds at most (issue 40); more are answered 503. */
	maxStreams: number;
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

type Env = Record<string, string | undefined>;

/** `env[name]` as a whole number from `min` to `max`; `fallback` when unset or empty. */
function whole(env: Env, name: string, fallback: number, min: number, max: number): number {
	const raw = env[name];
	if (raw === undefined || raw === '') return fallback;
	const value = /^\d+$/.test(raw.trim()) ? Number(raw.trim()) : NaN;
	if (!Number.isSafeInteger(value) || value < min || value > max) {
		throw new SettingError(name, raw, `a whole number from ${min} to ${max}`);
	}
	return value;
}

/** `env` as the server's settings. @throws SettingError on the first value that cannot be used */
export function readSettings(env: Env, cwd = process.cwd()): Settings {
	const databaseUrl = env.DATABASE_URL || null;
	if (databaseUrl !== null && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
		throw new SettingError('DATABASE_URL', databaseUrl, 'a postgres:// address');
	}
	const workers = whole(env, 'WORKERS', 1, 1, 64);
	if (workers > 1 && databaseUrl === null) {
		throw new SettingError(
			'WORKERS',
			env.WORKERS ?? '',
			'1 without DATABASE_URL (the embedded database belongs to one process); set DATABASE_URL to a PostgreSQL server to run more'
		);
	}
	const logLevel = env.LOG_LEVEL || 'info';
	if (!LOG_LEVELS.includes(logLevel)) {
		throw new SettingError('LOG_LEVEL', logLevel, `one of ${LOG_LEVELS.join(', ')}`);
	}
	const trustRaw = env.TRUST_PROXY;
	const trustProxy = whole(env, 'TRUST_PROXY', 0, 0, 10);
	const secret = env.SERVER_SECRET || null;
	if (secret !== null && secretBytes(secret) === null) {
		throw new SettingError(
			'SERVER_SECRET',
			'(hidden)',
			'at least 32 bytes, written as hex (64 characters or more) or base64 (44 or more)'
		);
	}
	const host = env.HOST || null;
	if (host !== null && /\s|\//.test(host)) {
		throw new SettingError('HOST', host, 'an address to listen on, such as 127.0.0.1');
	}
	return {
		port: whole(env, 'PORT', 8787, 1, 65_535),
		host,
		dataDir: databaseUrl === null ? resolve(cwd, env.DATA_DIR || './data') : null,
		databaseUrl,
		pgPool: whole(env, 'PG_POOL', 4, 1, 100),
		workers,
		appDir: resolve(cwd, env.APP_DIR || './build'),
		trustProxy: trustRaw === undefined ? 0 : trustProxy,
		joinCodeDays: whole(env, 'JOIN_CODE_DAYS', 14, 1, 365),
		logLevel,
		secret,
		secretFile: resolve(cwd, env.SECRET_FILE || './server-secret'),
		registrationsPerHour: whole(env, 'REGISTRATIONS_PER_HOUR', 20, 1, 10_000),
		maxStreams: whole(env, 'MAX_STREAMS', 20_000, 1, 1_000_000)
	};
}

/** The bytes of a secret written as hex or base64, when there are at least 32 of them. */
export function secretBytes(text: string): Buffer | null {
	const trimmed = text.trim();
	const bytes = /^[0-9a-f]+$/i.test(trimmed)
		? Buffer.from(trimmed, 'hex')
		: /^[A-Za-z0-9+/_-]+=*$/.test(trimmed)
			? Buffer.from(trimmed, 'base64')
			: null;
	return bytes && bytes.length >= 32 ? bytes : null;
}
