import { describe, expect, it, vi } from 'vitest';
import { openDatabase, splitStatements } from '../../server/core/db';
import { OPEN_TIMEOUT, POSTGRES_URL, freshPostgres } from './support';

describe('splitStatements', () => {
	it('splits a migration at semicolons and drops comment lines', () => {
		const source = '-- a table\ncreate table a (x int);\n\ncreate index a_x on a (x);\n';
		expect(splitStatements(source)).toEqual([
			'create table a (x int)',
			'create index a_x on a (x)'
		]);
	});

	it('keeps a function body between $$ whole, semicolons and all', () => {
		const source = [
			'create function f() returns int language plpgsql as $$',
			'begin',
			'\tperform 1;',
			'\treturn 2;',
			'end',
			'$$;',
			'select f();'
		].join('\n');
		const statements = splitStatements(source);
		expect(statements).toHaveLength(2);
		expect(statements[0]).toContain('perform 1;\n\treturn 2;');
		expect(statements[0]?.endsWith('$$')).toBe(true);
		expect(statements[1]).toBe('select f()');
	});
});

describe.runIf(POSTGRES_URL)('the PostgreSQL pool', () => {
	it(
		'keeps an idle connection open, so a push after a quiet spell starts no new PostgreSQL process',
		async () => {
			const fresh = await freshPostgres();
			// Only the timers pg's pool would close an idle connection with; its sockets stay real.
			vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
			const db = await openDatabase({ url: fresh.url });
			try {
				const pid = async () =>
					(await db.query<{ pid: number }>('select pg_backend_pid() as pid', []))[0]?.pid;
				const before = await pid();
				vi.advanceTimersByTime(60 * 60 * 1000);
				expect(typeof before).toBe('number');
				expect(await pid()).toBe(before);
			} finally {
				vi.useRealTimers();
				await db.close();
				await fresh.drop();
			}
		},
		OPEN_TIMEOUT
	);
});
