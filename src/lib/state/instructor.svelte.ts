/**
 * The PIN code (hashing included) and its words load when a PIN is first checked, not with
 * every page.
 */
const pinCode = () => import('$lib/pin/instructor');

/** How long a correct PIN keeps the instructor's actions open, without asking again. */
export const UNLOCK_MS = 5 * 60_000;

interface Ask {
	/** What the PIN is asked for: "Void this card". */
	action: string;
	resolve: (ok: boolean) => void;
}

/**
 * The lock on the instructor's actions (voiding cards, editing the roster, restoring,
 * deleting). With no PIN set it is always open. With one, `confirm` asks for it through the PIN
 * sheet in the root layout, and a correct PIN keeps it open for `UNLOCK_MS`, so a run of
 * roster edits asks once.
 */
export class InstructorLock {
	#enabled = $state(false);
	#ask = $state<Ask | null>(null);
	#error = $state<string | null>(null);
	#checking = $state(false);
	/** When the open lock closes again (ms since the epoch); 0 when it is closed. */
	#until = $state(0);
	#closer: ReturnType<typeof setTimeout> | undefined;

	/** Whether a PIN is set (as of the last `refresh`). */
	get enabled(): boolean {
		return this.#enabled;
	}

	/** What the PIN sheet asks for, or null when it is closed. */
	get asking(): string | null {
		return this.#ask?.action ?? null;
	}

	/** Why the last PIN typed was refused, or null. */
	get error(): string | null {
		return this.#error;
	}

	/** A typed PIN is being checked (PBKDF2 takes a moment). */
	get checking(): boolean {
		return this.#checking;
	}

	/** Reads whether a PIN is set. */
	async refresh(): Promise<void> {
		this.#enabled = await (await pinCode()).isSet();
	}

	/**
	 * When the lock, opened by a PIN, closes again (ms since the epoch), or null when a PIN is
	 * set and must be typed: the screen says so and offers "Lock now".
	 */
	get openUntil(): number | null {
		return this.#enabled && this.#until > 0 ? this.#until : null;
	}

	/** Opens the lock for `UNLOCK_MS` (right after the PIN was set or typed). */
	unlock(): void {
		this.#until = Date.now() + UNLOCK_MS;
		clearTimeout(this.#closer);
		// Closes on time even when nothing asks, so the screen stops saying it is open.
		this.#closer = setTimeout(() => this.lock(), UNLOCK_MS);
	}

	/** Closes the lock at once. */
	lock(): void {
		this.#until = 0;
		clearTimeout(this.#closer);
	}

	/**
	 * Resolves true when `action` may go ahead: no PIN is set, the lock is open, or the PIN is
	 * typed now; false when the sheet is cancelled.
	 */
	async confirm(action: string): Promise<boolean> {
		await this.refresh();
		if (!this.#enabled || Date.now() < this.#until) return true;
		this.#ask?.resolve(false);
		this.#error = null;
		return new Promise((resolve) => (this.#ask = { action, resolve }));
	}

	/** Checks a typed PIN: right, and the action goes ahead; wrong, and the sheet says so. */
	async submit(value: string): Promise<void> {
		if (this.#checking) return;
		this.#checking = true;
		try {
			const { messageFor, message } = await import('$lib/messages');
			let right: boolean;
			try {
				right = await (await pinCode()).check(value);
			} catch (e) {
				// A wait after too many wrong PINs: say how long.
				this.#error = messageFor(e);
				return;
			}
			if (!right) {
				this.#error = message('pin-wrong');
				return;
			}
			this.unlock();
			const ask = this.#ask;
			this.#ask = null;
			ask?.resolve(true);
		} finally {
			this.#checking = false;
		}
	}

	/** Closes the sheet: the action does not go ahead. */
	cancel(): void {
		const ask = this.#ask;
		this.#ask = null;
		ask?.resolve(false);
	}
}

/** The app's one lock (the app runs only in the browser, so a module instance is safe). */
export const instructor = new InstructorLock();
