import { isStale, onBlocked, onVersionChange } from '$lib/db/health';

/**
 * Whether this tab can still use the database: `stale` once another tab upgraded it (this
 * connection is closed for good, so the page must be reloaded), `blocked` while this tab's
 * upgrade waits for an older tab. Create during component init; it follows the database
 * events until the component goes away.
 */
export class StorageHealth {
	#stale = $state(false);
	#blocked = $state(false);

	constructor() {
		$effect(() => {
			this.#stale = isStale();
			const offChange = onVersionChange(() => (this.#stale = true));
			const offBlocked = onBlocked(() => (this.#blocked = true));
			return () => {
				offChange();
				offBlocked();
			};
		});
	}

	get stale(): boolean {
		return this.#stale;
	}

	get blocked(): boolean {
		return this.#blocked;
	}
}
