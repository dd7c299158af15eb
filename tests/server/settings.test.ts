/**
 * Every setting is checked before the server starts (issue 38): a bad value stops it with one
 * line naming the variable, the value and what is allowed, never a stack trace, a hang or a 500
 * on every request.
 */
import { describe, expect, it } from 'vitest';
import { SettingError, readSettings } from '../../server/settings';
import { runUntilExit } from './process';

describe('readSettings', () => {
	it('gives the defaults for an empty environment', () => {
		const s = readSettings({}, '/srv/muggins');
		expect(s).toMatchObject({
			port: 8787,
			host: null,
			dataDir: '/srv/muggins/data',
			databaseUrl: null,
			pgPool: 4,
			workers: 1,
			appDir: '/srv/muggins/build',
			trustProxy: 0,
			joinCodeDays: 14,
			logLevel: 'info',
			secret: null,
			secretFile: '/srv/muggins/server-secret',
			registrationsPerHour: 20,
			maxStreams: 20_000
		});
	});

	it.each([
		['PORT', 'abc', 'a whole number from 1 to 65535'],
		['PORT', '70000', 'a whole number from 1 to 65535'],
		['PORT', '80.5', 'a whole number from 1 to 65535'],
		['JOIN_CODE_DAYS', 'abc', 'a whole number from 1 to 365'],
		['JOIN_CODE_DAYS', '0', 'a whole number from 1 to 365'],
		['PG_POOL', '0', 'a whole number from 1 to 100'],
		['WORKERS', '0', 'a whole number from 1 to 64'],
		['TRUST_PROXY', 'yes', 'a whole number from 0 to 10'],
		['TRUST_PROXY', '-1', 'a whole number from 0 to 10'],
		['REGISTRATIONS_PER_HOUR', '1e3', 'a whole number from 1 to 10000'],
		['MAX_STREAMS', '0', 'a whole number from 1 to 1000000'],
		['MAX_STREAMS', 'many', 'a whole number from 1 to 1000000'],
		['LOG_LEVEL', 'loud', 'one of fatal, error, warn, info, debug, trace, silent'],
		['DATABASE_URL', 'mysql://x', 'a postgres:// address'],
		['HOST', 'a b', 'an address to listen on, such as 127.0.0.1']
	])('refuses %s=%s: %s', (name, value, allowed) => {
		const env =
			name === 'PG_POOL' ? { [name]: value, DATABASE_URL: 'postgres://x/y' } : { [name]: value };
		expect(() => readSettings(env)).toThrow(new SettingError(name, value, allowed));
		expect(new SettingError(name, value, allowed).message).toBe(
			`${name}=${JSON.stringify(value)} cannot be used: ${allowed}.`
		);
	});

	it('refuses a short SERVER_SECRET without writing it out', () => {
		expect(() => readSettings({ SERVER_SECRET: 'abc123' })).toThrow(
			'SERVER_SECRET="(hidden)" cannot be used'
		);
	});

	it('refuses WORKERS above 1 without DATABASE_URL', () => {
		expect(() => readSettings({ WORKERS: '2' })).toThrow(
			/^WORKERS="2" cannot be used: 1 without DATABASE_URL/
		);
	});
});

describe('the server with a bad setting', () => {
	it.each([
		['PORT', 'abc'],
		['JOIN_CODE_DAYS', 'abc'],
		['TRUST_PROXY', 'yes']
	])('%s=%s: exits 1 with one line on standard error', { timeout: 60_000 }, async (name, value) => {
		const { code, stderr } = await runUntilExit({ [name]: value, DATA_DIR: '/nonexistent/never' });
		expect(code).toBe(1);
		const lines = stderr.trim().split('\n');
		expect(lines).toHaveLength(1);
		expect(lines[0]).toMatch(new RegExp(`^${name}="${value}" cannot be used: `));
	});
});
