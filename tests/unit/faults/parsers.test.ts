import 'fake-indexeddb/auto';
import fc from 'fast-check';
import { beforeEach, describe, expect, it } from 'vitest';
import { BackupError, readBackup } from '$lib/backup/backup';
import { db } from '$lib/db/db';
import * as games from '$lib/db/games';
import { ImportError, guessColumns, parseCsv, parseLines, preview } from '$lib/import/roster-csv';
import { resetDb, allEvents } from '../db/helpers';

beforeEach(resetDb);

/** Text a hostile or broken file could hold: random, JSON-ish, CSV-ish, huge or empty. */
const hostileText = fc.oneof(
	fc.string({ unit: 'binary', maxLength: 400 }),
	fc.json({ maxDepth: 4 }),
	fc
		.jsonValue({ maxDepth: 3 })
		.map((v) => JSON.stringify({ format: 'muggins-league-backup', version: 1, data: v })),
	fc
		.array(fc.array(fc.string({ maxLength: 12 }), { maxLength: 5 }), { maxLength: 8 })
		.map((rows) => rows.map((r) => r.join(',')).join('\n')),
	fc.constantFrom('', '\uFEFF', '"', '=cmd|" /C calc"!A0', '{"format":', '\u0000\u0000', 'null')
);

/** Everything the store holds, for comparing before and after. */
async function snapshot() {
	return Promise.all([db.players.toArray(), db.games.toArray(), allEvents(), db.leagues.toArray()]);
}

describe('parsers of outside input (property)', () => {
	it('refuses any bad backup file with a coded error and leaves the store as it was', async () => {
		await games.create({ players: ['Ana', 'Ben'] });
		const before = await snapshot();
		await fc.assert(
			fc.asyncProperty(hostileText, async (text) => {
				try {
					await readBackup(text);
				} catch (err) {
					expect(err).toBeInstanceOf(BackupError);
					expect((err as BackupError).message.length).toBeGreaterThan(10);
				}
			}),
			{ numRuns: 300 }
		);
		expect(await snapshot()).toEqual(before);
	});

	it('reads any class list without crashing: a coded refusal, or rows each with its own verdict', () => {
		fc.assert(
			fc.property(hostileText, fc.boolean(), (text, asCsv) => {
				try {
					const table = asCsv ? parseCsv(text) : parseLines(text);
					const rows = preview(
						table,
						{ columns: guessColumns(table), header: table.headerGuess },
						[]
					);
					for (const row of rows) {
						// Every row is either imported as a name or refused with its reason.
						expect(row.problem !== null || row.name.length > 0).toBe(true);
					}
				} catch (err) {
					expect(err).toBeInstanceOf(ImportError);
				}
			}),
			{ numRuns: 300 }
		);
	});
});
