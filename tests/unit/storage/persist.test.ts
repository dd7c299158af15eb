import { describe, expect, it, vi } from 'vitest';
import {
	StoragePersistence,
	type Persistence,
	type StorageManagerLike
} from '$lib/storage/persist.svelte';

const yes = async (): Promise<boolean> => true;
const no = async (): Promise<boolean> => false;
const fails = async (): Promise<boolean> => Promise.reject(new Error('refused'));

describe('StoragePersistence.request', () => {
	it.each<[string, StorageManagerLike, Persistence]>([
		['granted already', { persisted: yes, persist: no }, 'granted'],
		['granted on asking', { persisted: no, persist: yes }, 'granted'],
		['refused', { persisted: no, persist: no }, 'denied'],
		['failing', { persisted: no, persist: fails }, 'denied'],
		['missing', {}, 'unsupported']
	])('records %s storage as %s', async (_what, storage, want) => {
		const p = new StoragePersistence();
		await p.request(storage);
		expect(p.state).toBe(want);
	});

	it('asks only once', async () => {
		const persist = vi.fn(async () => true);
		const p = new StoragePersistence();
		await p.request({ persisted: no, persist });
		await p.request({ persisted: no, persist });
		expect(persist).toHaveBeenCalledTimes(1);
	});
});
