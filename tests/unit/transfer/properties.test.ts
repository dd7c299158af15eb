import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TransferError } from '$lib/transfer/errors';
import { Assembler } from '$lib/transfer/parts';
import { fromBytes, fromFile, parsePayload } from '$lib/transfer/payload';

/** Runs `work` and expects a refusal with a code, never a crash nor a payload. */
async function refused(work: () => unknown): Promise<void> {
	try {
		await work();
	} catch (e) {
		expect(e).toBeInstanceOf(TransferError);
		expect((e as TransferError).code).toMatch(/^transfer-/);
		return;
	}
	throw new Error('accepted random input');
}

describe('payload parsers on random input', () => {
	it('refuse random bytes as QR payload bytes with a code', async () => {
		await fc.assert(
			fc.asyncProperty(fc.uint8Array({ maxLength: 400 }), (bytes) =>
				refused(() => fromBytes(bytes))
			),
			{ numRuns: 200 }
		);
	});

	it('refuse random strings as code texts and as files with a code', async () => {
		await fc.assert(
			fc.asyncProperty(
				fc.oneof(
					fc.string(),
					fc.string().map((s) => `MGL1:${s}`),
					fc.json()
				),
				async (text) => {
					await refused(() => new Assembler().add(text));
					await refused(() => fromFile(new Blob([text])));
				}
			),
			{ numRuns: 300 }
		);
	});

	it('refuse random JSON values shaped almost like ours with a code', async () => {
		const almost = fc.record({
			app: fc.constantFrom('muggins-league', 'other'),
			kind: fc.constantFrom('card', 'invite', 'x'),
			format: fc.oneof(fc.constant(1), fc.integer()),
			game: fc.anything(),
			league: fc.anything(),
			roster: fc.anything()
		});
		await fc.assert(
			fc.asyncProperty(fc.oneof(almost, fc.anything()), (value) =>
				refused(() => parsePayload(value))
			),
			{ numRuns: 300 }
		);
	});
});
