/**
 * The first start's question, "who is using this device?": asked once, on a device with no
 * role and no league. Apart from `role.ts`, which every page loads, since only Home asks it.
 */
import { asksWhoUsesDevice, type DeviceRole } from '$lib/roles/rules';
import { timestamp } from './clock';
import { db } from './db';
import { guard } from './errors';
import * as roles from './role';

/** Whether Home asks who is using this device (`asksWhoUsesDevice`): once, at first start. */
export async function asksAtStart(): Promise<boolean> {
	return guard(async () => {
		const [role, leagues, asked] = await Promise.all([
			roles.get(),
			db.leagues.count(),
			db.meta.get('roleAsked')
		]);
		return asksWhoUsesDevice({ role, leagues, asked: asked !== undefined });
	});
}

/**
 * Answers the first start's question: `role` when a role was chosen, or null for "just keep
 * score" and "later" (the device then works as before roles). Never asked again either way.
 * One `rw` transaction.
 */
export async function answerAtStart(
	role: DeviceRole | null,
	opts: { now?: string } = {}
): Promise<void> {
	await guard(() =>
		db.transaction('rw', db.meta, async () => {
			if (role !== null) await db.meta.put({ key: 'role', value: role });
			await db.meta.put({ key: 'roleAsked', value: timestamp(opts.now) });
		})
	);
}
