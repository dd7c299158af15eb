/**
 * A process that takes DATA_DIR's lock as the server does (data-lock.ts), says so on standard
 * output, and stops as the server stops on SIGTERM and SIGINT (process.exit). For the lock's
 * tests, which need many starts and stops without opening a database each time.
 */
import { lockDataDir } from '../../server/data-lock';

lockDataDir(process.argv[2] ?? '');
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => process.exit(0));
process.stdout.write('locked\n');
setInterval(() => {}, 1000);
