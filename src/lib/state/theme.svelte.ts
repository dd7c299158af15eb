/** The colour theme the user chose in Settings; "system" follows the device. */
export type ThemeChoice = 'system' | 'light' | 'dark';

/**
 * localStorage key of the choice. The inline script in src/app.html reads the same key to set
 * `data-theme` before the first paint, so change both together.
 */
export const THEME_KEY = 'muggins-theme';

/** The choices Settings offers, in order. */
export const THEME_CHOICES: readonly { value: ThemeChoice; label: string }[] = [
	{ value: 'system', label: 'System' },
	{ value: 'light', label: 'Light' },
	{ value: 'dark', label: 'Dark' }
];

function isThemeChoice(v: unknown): v is ThemeChoice {
	return v === 'system' || v === 'light' || v === 'dark';
}

function load(): ThemeChoice {
	try {
		const stored = localStorage.getItem(THEME_KEY);
		return isThemeChoice(stored) ? stored : 'system';
	} catch {
		// Storage can be blocked (private modes, policies): the device's theme still works.
		return 'system';
	}
}

/**
 * Sets `data-theme` on <html> and points the browser-chrome colour at the chosen theme; the
 * two theme-color metas in app.html carry one colour per scheme, chosen by media query, which
 * a manual choice must override.
 */
function apply(choice: ThemeChoice): void {
	const root = document.documentElement;
	if (choice === 'system') delete root.dataset.theme;
	else root.dataset.theme = choice;

	const metas = [...document.querySelectorAll<HTMLMetaElement>('meta[name="theme-color"]')];
	for (const m of metas) m.dataset.original ??= m.content;
	const forced = metas.find((m) => m.media.includes(choice))?.dataset.original;
	for (const m of metas) {
		m.content = choice === 'system' || !forced ? (m.dataset.original ?? m.content) : forced;
	}
}

/** The theme choice as reactive state, persisted on this device. */
export class Theme {
	#choice = $state<ThemeChoice>('system');

	constructor() {
		this.#choice = load();
	}

	/** The current choice. Setting it stores it and applies it at once. */
	get current(): ThemeChoice {
		return this.#choice;
	}

	set current(choice: ThemeChoice) {
		this.#choice = choice;
		try {
			if (choice === 'system') localStorage.removeItem(THEME_KEY);
			else localStorage.setItem(THEME_KEY, choice);
		} catch {
			// Not stored, but still applied for this visit.
		}
		apply(choice);
	}

	/** Applies the stored choice to the page (the inline script did most of it already). */
	init(): void {
		apply(this.#choice);
	}
}

/** The app's one theme (the app runs only in the browser, so a module instance is safe). */
export const theme = new Theme();
