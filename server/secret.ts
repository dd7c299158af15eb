/**
 * The server secret: the key join codes are stored under (HMAC-SHA-256), kept outside the
 * database, so a copy of the database alone gives up no live join code, however many codes an
 * attacker tries against it offline (a code has about 49 bits). It comes from SERVER_SECRET, or
 * from a file (SECRET_FILE, `./server-secret`) made with 32 random bytes at the first start.
 * Rotating it (docs/server-operations.md) stops the join codes issued before; tokens are 32
 * random bytes and stay as they are.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { SettingError, secretBytes } from './settings';

/** The secret of SERVER_SECRET when given, else the one in `file` (made when missing). */
export function loadSecret(given: string | null, file: string): Buffer {
	if (given !== null) {
		const bytes = secretBytes(given);
		if (!bytes) throw new SettingError('SERVER_SECRET', '(hidden)', 'at least 32 bytes as hex');
		return bytes;
	}
	let text: string;
	try {
		text = readFileSync(file, 'utf8');
	} catch (e) {
		if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
		mkdirSync(dirname(file), { recursive: true });
		// `wx`: two processes starting at once never write two secrets; the second reads the first's.
		try {
			writeFileSync(file, `${randomBytes(32).toString('hex')}\n`, { flag: 'wx', mode: 0o600 });
		} catch (raced) {
			if ((raced as NodeJS.ErrnoException).code !== 'EEXIST') throw raced;
		}
		text = readFileSync(file, 'utf8');
	}
	const bytes = secretBytes(text);
	if (!bytes) {
		throw new SettingError('SECRET_FILE', file, 'a file holding at least 32 bytes as hex');
	}
	return bytes;
}
