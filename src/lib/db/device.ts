import { db } from './db';
import { guard } from './errors';

let cached: string | undefined;

/**
 * This device's id: a random UUID made on first use and kept in the database, stamped on the
 * games and events recorded here. Two tabs asking at once get the same id, because the
 * read-then-create runs in one `rw` transaction and those never overlap.
 */
export async function deviceId(): Promise<string> {
	cached ??= await guard(() =>
		db.transaction('rw', db.meta, async () => {
			const row = await db.meta.get('deviceId');
			if (row?.key === 'deviceId') return row.value;
			const id = crypto.randomUUID();
			await db.meta.add({ key: 'deviceId', value: id });
			return id;
		})
	);
	return cached;
}

/**
 * This device's id if this tab has read it already, else undefined: what a screen stamps on
 * an event it paints before storing it, without a read per tap.
 */
export function knownDeviceId(): string | undefined {
	return cached;
}
