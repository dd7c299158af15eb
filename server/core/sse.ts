/**
 * Server-Sent Events as bytes: each message is encoded once and the same bytes go to every
 * stream that may see it, so ten thousand open streams cost one encoding per change.
 */
const encoder = new TextEncoder();

/** One message: `event:`, one `data:` line of JSON, and its `id:` (a cursor). */
export function sseMessage(event: string, data: unknown, id: string): Uint8Array {
	return encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\nid: ${id}\n\n`);
}

/** A comment line: proxies see traffic and keep the connection open; clients ignore it. */
export const PING = encoder.encode(': ping\n\n');
