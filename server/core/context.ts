/** What every route of the API is given, and what a request carries between its handlers. */
import type { Logger } from 'pino';
import type { BodyBudget } from './body';
import type { Database } from './db';
import type { Caller } from './caller';
import type { LiveHubs } from './live-hubs';

export type { Caller, Role } from './caller';

/** Hono's environment of the API's routes: the caller `authorize` found. */
export interface ServerEnv {
	Variables: { caller: Caller };
}

/** The server's parts and settings, as the routes use them. */
export interface Deps {
	db: Database;
	log: Logger;
	/** The key join codes are stored under (server/secret.ts). */
	secret: Buffer;
	joinCodeDays: number;
	/** Wrong join codes one address may try in ten minutes before it is told to wait. */
	joinFailures: number;
	/** How many proxies stand in front of the server (client-address.ts). */
	trustProxy: number;
	/** Leagues one address may register in an hour. */
	registrationsPerHour: number;
	budget: BodyBudget;
	/** The leagues' live streams in this process; every write pokes them after its commit. */
	live: LiveHubs;
	version: string | null;
}
