/** A file gathered part by part into Blobs (`BlobOfParts`), as a download without a save dialog. */
import { describe, expect, it } from 'vitest';
import { BlobOfParts } from '$lib/export/save';

describe('BlobOfParts', () => {
	it.each([
		[[], ''],
		[['a,b\r\n'], 'a,b\r\n'],
		[['id,name\r\n', '1,Ana María\r\n', '2,Ben\r\n'], 'id,name\r\n1,Ana María\r\n2,Ben\r\n']
	])('parts %j make the file %j, in order', async (parts, text) => {
		const file = new BlobOfParts();
		for (const part of parts) file.write(part);
		const blob = file.blob('text/csv;charset=utf-8');
		expect(await blob.text()).toBe(text);
		expect(blob.type).toBe('text/csv;charset=utf-8');
		expect(blob.size).toBe(new TextEncoder().encode(text).length);
	});

	it('gives the file so far at any time, and goes on', async () => {
		const file = new BlobOfParts();
		file.write('one');
		expect(await file.blob().text()).toBe('one');
		file.write(' two');
		expect(await file.blob().text()).toBe('one two');
	});
});
