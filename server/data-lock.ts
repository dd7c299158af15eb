/**
 * One server process to a DATA_DIR. The embedded database's files belong to the process that
 * opened them: two servers on one folder each answer from their own copy in memory, and what
 * one acknowledged is lost when the other writes. So a server takes the folder's lock file
 * (`<DATA_DIR>.lock`, beside the folder) before it opens the database, and a second one
 * refuses to start, naming the first and the folder. The lock holds the owner's process id and
 * when that process started (from /proc, where there is one), so a lock left by a killed server
 * (SIGKILL, a power cut) is known as stale and taken over, even when its number was reused.
 */
import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';

/**
 * The lock file of `dataDir`: beside the folder, not in it (PGlite refuses to make its database
 * in a folder holding a file of another kind).
 */
export function lockFileOf(dataDir: string): string {
	return `${dataDir.replace(/\/+$/, '')}.lock`;
}

/** The folder is in use by another live server process. */
export class DataDirLocked extends Error {
	constructor(
		readonly dataDir: string,
		readonly pid: number
	) {
		super(
			`Another server (process ${pid}) is using ${dataDir}. Stop it first, or give this one ` +
				'another DATA_DIR: two servers on one folder lose what they store.'
		);
		this.name = 'DataDirLocked';
	}
}

/** When process `pid` started (clock ticks since boot), or null where /proc does not say. */
function startOf(pid: number): string | null {
	try {
		const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
		return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
	} catch {
		return null;
	}
}

/** Whether the process the lock names is alive and is the one that wrote it. */
function holderAlive(pid: number, started: string | null): boolean {
	try {
		process.kill(pid, 0);
	} catch (e) {
		if ((e as NodeJS.ErrnoException).code !== 'EPERM') return false;
	}
	const now = startOf(pid);
	return started === null || now === null || now === started;
}

/**
 * Takes `dataDir`'s lock for this process; returns its release, which also runs at exit.
 * @throws DataDirLocked while another live process holds it
 */
export function lockDataDir(dataDir: string): () => void {
	mkdirSync(dataDir, { recursive: true });
	const file = lockFileOf(dataDir);
	const mine = `${process.pid} ${startOf(process.pid) ?? '-'}\n`;
	for (let attempt = 0; attempt < 3; attempt++) {
		try {
			const fd = openSync(file, 'wx', 0o644);
			writeSync(fd, mine);
			closeSync(fd);
			let released = false;
			const release = () => {
				if (released) return;
				released = true;
				process.off('exit', release);
				try {
					if (readFileSync(file, 'utf8') === mine) unlinkSync(file);
				} catch {
					// Already gone.
				}
			};
			process.on('exit', release);
			return release;
		} catch (e) {
			if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
		}
		let text = '';
		try {
			text = readFileSync(file, 'utf8');
		} catch {
			continue; // released between the two calls
		}
		const [pidText = '', started = '-'] = text.trim().split(' ');
		const pid = Number(pidText);
		if (
			Number.isSafeInteger(pid) &&
			pid > 0 &&
			holderAlive(pid, started === '-' ? null : started)
		) {
			throw new DataDirLocked(dataDir, pid);
		}
		try {
			unlinkSync(file); // stale: its process is gone
		} catch {
			// Another starting process took it over first; the next attempt sees whose it is.
		}
	}
	throw new Error(`Could not take the lock of ${dataDir}`);
}
