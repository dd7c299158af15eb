/**
 * Malformed backup lines (issue 37, finding 9): a line of any shape, keyed `__proto__` or
 * `constructor` included, is refused with the backup's own message, and the store is unchanged.
 */
import 'fake-indexeddb/auto';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { BackupError, readBackup, restoreBackup } from '$lib/backup/backup';
import type { StoreDump } from '$lib/card/backup-records';
import { messageFor } from '$lib/messages';
import { resetDb, wholeStore } from '../db/helpers';
import { leagueWith, playGame } from '../db/league-helpers';
import { formatOne, formatTwo } from './helpers';
import { TABLES } from '$lib/card/merge-plan';

const BACKUP_CODES = ['backup-not-json', 'backup-foreign', 'backup-newer', 'backup-damaged'];

/** Keys a line may have: the file's own kinds, and the ones every plain object inherits. */
const KEYS = [
	'__proto__',
	'constructor',
	'toString',
	'hasOwnProperty',
	'valueOf',
	'league',
	'player',
	'session',
	'card',
	'match',
	'received',
	'turnIn',
	'end'
];

let lines: string[];
let before: StoreDump;

beforeAll(async () => {
	await resetDb();
	const { leagueId, students } = await leagueWith(['Ana', 'Ben']);
	await playGame(leagueId, [...students.values()], [5, 20]);
	before = await wholeStore();
	lines = formatTwo(before).split('\n');
});

/** Reads `file` and expects it refused with a backup message; then the store is unchanged. */
async function expectRefused(file: string): Promise<void> {
	const error = await readBackup(file).then(
		() => null,
		(err: unknown) => err
	);
	expect(error).toBeInstanceOf(BackupError);
	expect(BACKUP_CODES).toContain((error as BackupError).code);
	expect(messageFor(error)).not.toMatch(/Something went wrong/);
	expect(await wholeStore()).toEqual(before);
}

/** This device's backup with `line` put in after its header (line 2) or before its end. */
function withLine(line: string, atEnd: boolean): string {
	const at = atEnd ? lines.length - 2 : 1;
	return [...lines.slice(0, at), line, ...lines.slice(at)].join('\n');
}

describe('a backup line', () => {
	it.each(['__proto__', 'constructor', 'toString'])(
		'keyed %s is refused as a damaged backup',
		async (key) => {
			await expectRefused(withLine(`{"${key}":{"id":"x"}}`, false));
		}
	);

	it('of any JSON shape is refused with a backup message, the store unchanged', async () => {
		await fc.assert(
			fc.asyncProperty(fc.jsonValue(), fc.boolean(), async (value, atEnd) => {
				await expectRefused(withLine(JSON.stringify(value), atEnd));
			}),
			{ numRuns: 150 }
		);
	});

	it('keyed as a record, or as a plain object key, with any value, is refused the same way', async () => {
		await fc.assert(
			fc.asyncProperty(
				fc.constantFrom(...KEYS),
				fc.jsonValue(),
				fc.boolean(),
				async (key, value, atEnd) => {
					await expectRefused(withLine(`{${JSON.stringify(key)}:${JSON.stringify(value)}}`, atEnd));
				}
			),
			{ numRuns: 300 }
		);
	});

	it('is refused before a merge or a replace could change anything', async () => {
		const file = withLine('{"__proto__":{"id":"x"}}', true);
		await expect(readBackup(file).then((b) => restoreBackup(b, 'merge'))).rejects.toBeInstanceOf(
			BackupError
		);
		expect(await wholeStore()).toEqual(before);
	});
});

describe('a format 1 backup', () => {
	it('as any JSON, or with any JSON for one of its tables, is refused with a backup message', async () => {
		const notEmpty = fc.jsonValue().filter((v) => !Array.isArray(v) || v.length > 0);
		await fc.assert(
			fc.asyncProperty(
				fc.constantFrom(...TABLES),
				notEmpty,
				fc.boolean(),
				async (table, value, whole) => {
					const file = JSON.parse(formatOne(before)) as { data: Record<string, unknown> };
					file.data[table] = value;
					await expectRefused(JSON.stringify(whole ? value : file));
				}
			),
			{ numRuns: 200 }
		);
	});
});
