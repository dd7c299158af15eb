import { expect } from 'vitest';
import { messageFor } from '$lib/messages';

/** The sentence a person would see for what `act` throws (it must throw). */
export function said(act: () => unknown): string {
	try {
		act();
	} catch (err) {
		return messageFor(err);
	}
	expect.fail('expected a refusal, and nothing was thrown');
}
