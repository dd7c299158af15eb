import { describe, expect, it } from 'vitest';
import { splitStatements } from '../../server/db';

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
