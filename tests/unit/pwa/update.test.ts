import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RegisterSWOptions } from 'vite-plugin-pwa/types';
import { PwaStatus } from '$lib/pwa/update.svelte';

/** A stand-in for the plugin's registerSW that hands the test its callbacks. */
function fakeRegister() {
	const fake = {
		options: {} as RegisterSWOptions,
		updateServiceWorker: vi.fn(async () => {}),
		register: (options: RegisterSWOptions = {}) => {
			fake.options = options;
			return fake.updateServiceWorker;
		}
	};
	return fake;
}

function fakeRegistration(overrides: Partial<ServiceWorkerRegistration> = {}) {
	return {
		active: {},
		installing: null,
		waiting: null,
		update: vi.fn(async () => {}),
		...overrides
	} as unknown as ServiceWorkerRegistration;
}

const reload = vi.fn();
const listeners = new Map<string, (event: Event) => void>();

beforeEach(() => {
	reload.mockReset();
	listeners.clear();
	vi.stubGlobal('navigator', { serviceWorker: {}, onLine: true });
	vi.stubGlobal(
		'fetch',
		vi.fn(async () => new Response(null))
	);
	vi.stubGlobal('location', { reload });
	vi.stubGlobal('window', {
		matchMedia: () => ({ matches: false }),
		addEventListener: (type: string, listener: (event: Event) => void) => {
			listeners.set(type, listener);
		}
	});
});

afterEach(() => {
	vi.unstubAllGlobals();
});

describe('PwaStatus', () => {
	it('shows the update banner when a new version waits, and never reloads by itself', () => {
		const sw = fakeRegister();
		const pwa = new PwaStatus();
		pwa.register(sw.register);
		expect(pwa.showUpdateBanner).toBe(false);

		sw.options.onNeedRefresh?.();
		expect(pwa.showUpdateBanner).toBe(true);
		expect(pwa.updateWaiting).toBe(true);
		expect(sw.updateServiceWorker).not.toHaveBeenCalled();
		expect(reload).not.toHaveBeenCalled();
	});

	it('applies the update with updateServiceWorker(true) when Reload is tapped', async () => {
		const sw = fakeRegister();
		const pwa = new PwaStatus();
		pwa.register(sw.register);
		sw.options.onNeedRefresh?.();

		await pwa.reload();
		expect(sw.updateServiceWorker).toHaveBeenCalledWith(true);
		sw.options.onNeedReload?.();
		expect(reload).toHaveBeenCalledOnce();
	});

	it('hides the banner on Later but keeps the update waiting', () => {
		const sw = fakeRegister();
		const pwa = new PwaStatus();
		pwa.register(sw.register);
		sw.options.onNeedRefresh?.();

		pwa.later();
		expect(pwa.showUpdateBanner).toBe(false);
		expect(pwa.updateWaiting).toBe(true);
	});

	it('does not reload when another tab applied the update; it offers Reload instead', async () => {
		const sw = fakeRegister();
		const pwa = new PwaStatus();
		pwa.register(sw.register);
		sw.options.onNeedRefresh?.();
		pwa.later();

		sw.options.onNeedReload?.();
		expect(reload).not.toHaveBeenCalled();
		expect(pwa.showUpdateBanner).toBe(true);

		await pwa.reload();
		expect(reload).toHaveBeenCalledOnce();
	});

	it('notes "ready to work offline" on the first install only', () => {
		const first = fakeRegister();
		const pwa = new PwaStatus();
		pwa.register(first.register);
		first.options.onOfflineReady?.();
		expect(pwa.offlineReady).toBe(true);
		expect(pwa.showOfflineNote).toBe(true);
		pwa.dismissOfflineNote();
		expect(pwa.showOfflineNote).toBe(false);

		const later = fakeRegister();
		const again = new PwaStatus();
		again.register(later.register);
		later.options.onRegisteredSW?.('/sw.js', fakeRegistration());
		expect(again.offlineReady).toBe(true);
		expect(again.showOfflineNote).toBe(false);
	});

	it('reports a check for updates: latest, found, or failed', async () => {
		const sw = fakeRegister();
		const pwa = new PwaStatus();
		pwa.register(sw.register);
		const registration = fakeRegistration();
		sw.options.onRegisteredSW?.('/sw.js', registration);
		expect(pwa.registered).toBe(true);

		await pwa.checkForUpdates();
		expect(registration.update).toHaveBeenCalledOnce();
		expect(pwa.check).toBe('latest');

		vi.mocked(registration.update).mockRejectedValueOnce(new TypeError('offline'));
		await pwa.checkForUpdates();
		expect(pwa.check).toBe('failed');

		vi.mocked(registration.update).mockImplementationOnce(async () => {
			sw.options.onNeedRefresh?.();
			return registration;
		});
		await pwa.checkForUpdates();
		expect(pwa.check).toBe('found');
		expect(pwa.showUpdateBanner).toBe(true);
	});

	it('does not ask the server while the device is offline', async () => {
		vi.stubGlobal('navigator', { serviceWorker: {}, onLine: false });
		const sw = fakeRegister();
		const pwa = new PwaStatus();
		pwa.register(sw.register);
		const registration = fakeRegistration();
		sw.options.onRegisteredSW?.('/sw.js', registration);

		await pwa.checkForUpdates();
		expect(registration.update).not.toHaveBeenCalled();
		expect(pwa.check).toBe('offline');
	});

	it('says offline when the server does not answer, though the device says it has a network', async () => {
		const sw = fakeRegister();
		const pwa = new PwaStatus();
		pwa.register(sw.register);
		const registration = fakeRegistration();
		sw.options.onRegisteredSW?.('/sw.js', registration);
		vi.mocked(fetch).mockRejectedValueOnce(new TypeError('Failed to fetch'));

		await pwa.checkForUpdates();
		expect(fetch).toHaveBeenCalledWith('/sw.js', { method: 'HEAD', cache: 'no-store' });
		expect(registration.update).not.toHaveBeenCalled();
		expect(pwa.check).toBe('offline');

		await pwa.checkForUpdates();
		expect(registration.update).toHaveBeenCalledOnce();
		expect(pwa.check).toBe('latest');
	});

	it('registers once however often it is called', () => {
		const sw = fakeRegister();
		const spy = vi.spyOn(sw, 'register');
		const pwa = new PwaStatus();
		pwa.register(sw.register);
		pwa.register(sw.register);
		expect(spy).toHaveBeenCalledOnce();
	});

	it('keeps the browser’s install offer for the Install button', async () => {
		const sw = fakeRegister();
		const pwa = new PwaStatus();
		pwa.register(sw.register);
		expect(pwa.canInstall).toBe(false);

		const prompt = vi.fn(async () => {});
		const offer = {
			preventDefault: vi.fn(),
			prompt,
			userChoice: Promise.resolve({ outcome: 'accepted' as const })
		};
		listeners.get('beforeinstallprompt')?.(offer as unknown as Event);
		expect(offer.preventDefault).toHaveBeenCalled();
		expect(pwa.canInstall).toBe(true);

		await pwa.install();
		expect(prompt).toHaveBeenCalledOnce();
		expect(pwa.canInstall).toBe(false);
		expect(pwa.justInstalled).toBe(true);
	});
});
