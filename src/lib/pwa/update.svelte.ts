import type { registerSW } from 'virtual:pwa-register';

/** Where a "Check for updates" request stands. */
export type UpdateCheck = 'idle' | 'checking' | 'latest' | 'found' | 'offline' | 'failed';

/** The browser's install offer (Chromium only; not in the DOM typings). */
interface BeforeInstallPromptEvent extends Event {
	prompt(): Promise<void>;
	readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/**
 * The service worker as the user sees it: whether the app works offline, whether an update is
 * waiting, and whether the app is installed. Updates are only ever applied when the user asks:
 * a scorecard half filled in must never vanish under a reload.
 */
export class PwaStatus {
	#supported = $state(false);
	#registration = $state.raw<ServiceWorkerRegistration | null>(null);
	#registerError = $state(false);
	#offlineReady = $state(false);
	#offlineNote = $state(false);
	#updateWaiting = $state(false);
	#bannerDismissed = $state(false);
	#check = $state<UpdateCheck>('idle');
	#standalone = $state(false);
	#justInstalled = $state(false);
	#installPrompt = $state.raw<BeforeInstallPromptEvent | null>(null);

	#updateServiceWorker: ((reloadPage?: boolean) => Promise<void>) | null = null;
	/** The worker's script address, asked for to tell whether the server can be reached. */
	#workerUrl = '';
	#started = false;
	#reloadRequested = false;
	/** Another tab applied the update: this page runs old code under the new worker. */
	#newWorkerControls = false;

	/**
	 * Loads the worker's helper library, then registers the service worker and starts
	 * listening. Neither is needed to paint the first screen: the root layout calls this once
	 * the page is idle. Later calls do nothing.
	 */
	start(): void {
		if (this.#started) return;
		this.#started = true;
		import('virtual:pwa-register').then(
			(m) => this.register(m.registerSW),
			() => (this.#registerError = true)
		);
	}

	/**
	 * Registers the service worker now and starts listening; later calls do nothing.
	 * @param register the plugin's `registerSW` (a stand-in in unit tests)
	 */
	register(register: typeof registerSW): void {
		if (this.#updateServiceWorker) return;
		this.#started = true;
		this.#supported = 'serviceWorker' in navigator;
		this.#standalone =
			window.matchMedia?.('(display-mode: standalone)').matches ||
			(navigator as Navigator & { standalone?: boolean }).standalone === true;

		window.addEventListener('beforeinstallprompt', (event) => {
			// Keep the offer for the Install button in Settings instead of the browser's mini-bar.
			event.preventDefault();
			this.#installPrompt = event as BeforeInstallPromptEvent;
		});
		window.addEventListener('appinstalled', () => {
			this.#justInstalled = true;
			this.#installPrompt = null;
		});

		this.#updateServiceWorker = register({
			onNeedRefresh: () => {
				this.#updateWaiting = true;
				this.#bannerDismissed = false;
				this.#check = 'found';
			},
			onOfflineReady: () => {
				this.#offlineReady = true;
				this.#offlineNote = true;
			},
			onNeedReload: () => {
				if (this.#reloadRequested) {
					location.reload();
					return;
				}
				this.#newWorkerControls = true;
				this.#updateWaiting = true;
				this.#bannerDismissed = false;
			},
			onRegisteredSW: (url, registration) => {
				this.#registration = registration ?? null;
				this.#workerUrl = url;
				// A worker installed on an earlier visit: offline already, no note needed.
				if (registration?.active) this.#offlineReady = true;
			},
			onRegisterError: () => {
				this.#registerError = true;
			}
		});
	}

	/** The browser can run a service worker at all. */
	get supported(): boolean {
		return this.#supported;
	}

	/** The service worker is registered (false on the dev server, which runs without one). */
	get registered(): boolean {
		return this.#registration !== null;
	}

	/** Registration failed: the app works online only. */
	get registerError(): boolean {
		return this.#registerError;
	}

	/** The app and its assets are stored: it works without a network. */
	get offlineReady(): boolean {
		return this.#offlineReady;
	}

	/** Show the brief "Ready to work offline" note (first install only). */
	get showOfflineNote(): boolean {
		return this.#offlineNote;
	}

	/** A new version is downloaded and waits for a reload. */
	get updateWaiting(): boolean {
		return this.#updateWaiting;
	}

	/** Show the "Update available" banner: an update waits and the user has not said "Later". */
	get showUpdateBanner(): boolean {
		return this.#updateWaiting && !this.#bannerDismissed;
	}

	/** The state of the last "Check for updates". */
	get check(): UpdateCheck {
		return this.#check;
	}

	/** Running as an installed app (not in a browser tab). */
	get standalone(): boolean {
		return this.#standalone;
	}

	/** Installed during this visit. */
	get justInstalled(): boolean {
		return this.#justInstalled;
	}

	/** The browser offers to install the app: `install()` will show its dialog. */
	get canInstall(): boolean {
		return this.#installPrompt !== null;
	}

	/** Applies the waiting update: the new worker takes over and the page reloads once. */
	async reload(): Promise<void> {
		if (this.#newWorkerControls) {
			location.reload();
			return;
		}
		this.#reloadRequested = true;
		await this.#updateServiceWorker?.(true);
	}

	/** Hides the banner; the update stays waiting and applies when the app is next opened. */
	later(): void {
		this.#bannerDismissed = true;
	}

	/** Hides the "Ready to work offline" note. */
	dismissOfflineNote(): void {
		this.#offlineNote = false;
	}

	/** Asks the server for a new version now. A new version then shows the banner. */
	async checkForUpdates(): Promise<void> {
		const registration = this.#registration;
		if (!registration || this.#check === 'checking') return;
		if (this.#updateWaiting) {
			this.#check = 'found';
			return;
		}
		if (!navigator.onLine) {
			// Without a network the browser may answer from its cache and wrongly report "latest".
			this.#check = 'offline';
			return;
		}
		this.#check = 'checking';
		if (!(await this.#reachable())) {
			this.#check = 'offline';
			return;
		}
		try {
			await registration.update();
			this.#check =
				this.#updateWaiting || registration.installing || registration.waiting ? 'found' : 'latest';
		} catch {
			this.#check = 'failed';
		}
	}

	/**
	 * Whether the app's server answers: `navigator.onLine` says only that the device has a
	 * network (a school's Wi-Fi without internet, or Chromium 150 under emulated offline, say yes),
	 * and the worker's own update check may then be answered from the browser's cache, which
	 * reads as "latest".
	 */
	async #reachable(): Promise<boolean> {
		if (!this.#workerUrl) return true;
		try {
			await fetch(this.#workerUrl, { method: 'HEAD', cache: 'no-store' });
			return true;
		} catch {
			return false;
		}
	}

	/** Shows the browser's install dialog, when it offers one. */
	async install(): Promise<void> {
		const offer = this.#installPrompt;
		if (!offer) return;
		// An offer can be shown only once, whatever the user answers.
		this.#installPrompt = null;
		await offer.prompt();
		const { outcome } = await offer.userChoice;
		if (outcome === 'accepted') this.#justInstalled = true;
	}
}

/** The app's one service worker status (the app runs only in the browser). */
export const pwa = new PwaStatus();
