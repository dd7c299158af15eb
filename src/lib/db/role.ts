/**
 * The device's role as stored (`$lib/roles/rules.ts` says what each may do). Kept in `meta`
 * with the device's other settings, out of backups: a backup restored on a phone must not
 * make it the instructor's.
 */
import { roleAfterCreate, roleAfterJoin, type DeviceRole, type StoredRole } from '$lib/roles/rules';
import { db } from './db';
import { guard } from './errors';

/** The device's role, or null before it takes one. */
export async function get(): Promise<StoredRole> {
	const row = await guard(() => db.meta.get('role'));
	return row?.key === 'role' ? row.value : null;
}

/** Makes the device `role`. Callers check the PIN first when that gives the instructor's. */
export async function set(role: DeviceRole): Promise<void> {
	await guard(() => db.meta.put({ key: 'role', value: role }));
}

async function follow(rule: (role: StoredRole) => DeviceRole): Promise<DeviceRole> {
	return guard(() =>
		db.transaction('rw', db.meta, async () => {
			const row = await db.meta.get('role');
			const next = rule(row?.key === 'role' ? row.value : null);
			await db.meta.put({ key: 'role', value: next });
			return next;
		})
	);
}

/** The role after joining a league here (a device that had none becomes a group phone). */
export function afterJoin(): Promise<DeviceRole> {
	return follow(roleAfterJoin);
}

/** The role after creating a league here (a device that had none becomes the instructor's). */
export function afterCreate(): Promise<DeviceRole> {
	return follow(roleAfterCreate);
}
