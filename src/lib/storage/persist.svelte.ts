/** Whether the browser keeps this site's data even when the device runs short of space. */
export type Persistence = 'unknown' | 'granted' | 'denied' | 'unsupported';

/** The slice of `navigator.storage` this module needs (a stand-in in unit tests). */
export interface StorageManagerLike {
	persist?: () => Promise<boolean>;
	persisted?: () => Promise<boolean>;
}

/**
 * Asks once for persistent storage, so the browser does not evict unsigned cards when space
 * runs low, and keeps the answer for Settings. Browsers may grant it silently, ask, or refuse;
 * a refusal is only a reason to turn cards in and back up more often.
 */
export class StoragePersistence {
	#state = $state<Persistence>('unknown');
	#asked = false;

	/** The browser's answer so far. */
	get state(): Persistence {
		return this.#state;
	}

	/**
	 * Asks for persistence unless it is already granted; later calls do nothing.
	 * @param storage `navigator.storage` (a stand-in in unit tests)
	 */
	async request(
		storage: StorageManagerLike | undefined = globalThis.navigator?.storage
	): Promise<void> {
		if (this.#asked) return;
		this.#asked = true;
		if (!storage?.persist || !storage.persisted) {
			this.#state = 'unsupported';
			return;
		}
		try {
			const granted = (await storage.persisted()) || (await storage.persist());
			this.#state = granted ? 'granted' : 'denied';
		} catch {
			this.#state = 'denied';
		}
	}
}

/** The app's one record of the answer (the app runs only in the browser). */
export const persistence = new StoragePersistence();
