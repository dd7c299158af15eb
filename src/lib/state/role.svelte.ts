/**
 * The device's role as runes state, for the navigation, the league's pages and Settings. The
 * rules of what each role sees are in `$lib/roles/rules.ts`; the PIN itself in
 * `instructor.svelte.ts`.
 */
import { plainRole } from '$lib/db/plain-read';
import { showsInstructorTools, type DeviceRole, type StoredRole } from '$lib/roles/rules';
import { instructor } from './instructor.svelte';

/** The store's role verbs, loaded with Dexie (a first screen reads the role without it). */
const roles = () => import('$lib/db/role');

export class RoleState {
	#stored = $state<StoredRole>(null);
	#loaded = $state(false);

	/** The device's role, null before it takes one. */
	get current(): StoredRole {
		return this.#stored;
	}

	/** Whether the role has been read from the store (pages wait for it before refusing). */
	get loaded(): boolean {
		return this.#loaded;
	}

	/** Whether the instructor's tools are shown. */
	get tools(): boolean {
		return showsInstructorTools(this.#stored);
	}

	/** Reads the stored role: plainly where it can (`plain-read.ts`), else through the store. */
	async load(): Promise<StoredRole> {
		const plain = await plainRole();
		this.#stored = plain !== undefined ? plain : await (await roles()).get();
		this.#loaded = true;
		return this.#stored;
	}

	/** Follows a role the store just changed (a league joined or created). */
	follow(role: DeviceRole): void {
		this.#stored = role;
		this.#loaded = true;
	}

	/**
	 * Locks the instructor's role at once: the device shows a group phone's screens until the
	 * PIN is typed again, and the PIN's open window closes.
	 */
	async lock(): Promise<void> {
		instructor.lock();
		await (await roles()).set('group');
		this.follow('group');
	}

	/**
	 * Takes the instructor's role with the PIN. Resolves false when the PIN sheet is cancelled.
	 * On a group phone with no PIN, Settings has one set first: a role anyone could take back
	 * with a tap could not be locked.
	 */
	async take(): Promise<boolean> {
		if (!(await instructor.confirm('Using this device as the instructor’s'))) return false;
		await (await roles()).set('instructor');
		this.follow('instructor');
		return true;
	}

	/** Chooses a role at first start, on a device with no league and no role yet. */
	async choose(role: DeviceRole): Promise<void> {
		await (await roles()).set(role);
		this.follow(role);
	}
}

/** The app's one role state (the app runs only in the browser). */
export const role = new RoleState();
