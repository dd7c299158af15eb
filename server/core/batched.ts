/**
 * Asks that come in together, made as one statement (issue 40; the cards stored together too,
 * card-store.ts): `batched(readMany)` is a read of one ask
 * that, while a statement of `readMany` is on its way, waits for it and goes in the next one
 * with every other ask made meanwhile. So an idle server's read goes at once, and the busier
 * the server, the more one statement carries: each statement is a round trip to PostgreSQL,
 * whose socket write alone took 13 s of the 61 s the server's main thread was busy under the
 * live bench with cards (bench/live.ts, 2026-12-02 01:09 UTC, load 7-10), a fifth. Nothing is
 * kept between statements: each ask reads the database as it is when its statement runs.
 */

/** One ask's read, batched with the others made while a statement is on its way. */
export function batched<A, R>(readMany: (asks: A[]) => Promise<R[]>): (ask: A) => Promise<R> {
	let waiting: { ask: A; resolve: (r: R) => void; reject: (e: unknown) => void }[] = [];
	let reading = false;
	const next = () => {
		if (waiting.length === 0) {
			reading = false;
			return;
		}
		const batch = waiting;
		waiting = [];
		reading = true;
		let answers: Promise<R[]>;
		try {
			answers = readMany(batch.map((w) => w.ask));
		} catch (e) {
			answers = Promise.reject(e);
		}
		answers.then(
			(results) => {
				batch.forEach((w, i) => w.resolve(results[i] as R));
				next();
			},
			(e: unknown) => {
				for (const w of batch) w.reject(e);
				next();
			}
		);
	};
	return (ask) =>
		new Promise<R>((resolve, reject) => {
			waiting.push({ ask, resolve, reject });
			if (!reading) next();
		});
}
