/**
 * Reading many records by key a bounded number at a time. Why: a school's league read in one
 * request (6,000 sessions, 128 contribution pages, 54,000 figures) sat in the heap at once beside
 * what was made from it, and V8 lets the heap grow to about four times what is alive at a full
 * collection (issue 39: an export's peak heap).
 */

/**
 * Reads `keys` `size` at a time with `read` (a `bulkGet`), handing each chunk's records that
 * were found to `each` before the next chunk is read. Inside a transaction the chunks are read
 * in it; outside one, `read` may open its own for each chunk.
 */
export async function readInChunks<K, T>(
	keys: readonly K[],
	size: number,
	read: (chunk: K[]) => Promise<(T | undefined)[]>,
	each: (found: T[]) => void
): Promise<void> {
	if (!(size >= 1)) throw new RangeError(`a chunk holds at least one key, not ${size}`);
	for (let i = 0; i < keys.length; i += size) {
		const found = await read(keys.slice(i, i + size));
		each(found.filter((r): r is T => r !== undefined));
	}
}
