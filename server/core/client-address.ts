/**
 * The address a request came from, for counting wrong join codes and registrations. Behind
 * `trustProxy` proxies, each of which appends the address it saw to `X-Forwarded-For`, the
 * client's is the one the outermost proxy saw: the `trustProxy`-th from the right of that list
 * followed by the connection's own. Entries further left were written by the client and are
 * never believed. An IPv6 address counts by its /64, which one home or school holds whole.
 */
import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';

function connectionAddress(c: Context): string {
	try {
		return getConnInfo(c).remote.address ?? 'unknown';
	} catch {
		return 'unknown';
	}
}

/** The groups of IPv6 address `address`, all eight; null when it is not one. */
function ipv6Groups(address: string): string[] | null {
	const [head = '', tail, extra] = address.split('::');
	if (extra !== undefined) return null;
	const left = head ? head.split(':') : [];
	const right = tail ? tail.split(':') : [];
	const missing = 8 - left.length - right.length;
	if (tail === undefined ? missing !== 0 : missing < 1) return null;
	const groups = [...left, ...Array<string>(tail === undefined ? 0 : missing).fill('0'), ...right];
	return groups.every((g) => /^[0-9a-f]{1,4}$/i.test(g)) ? groups : null;
}

/** `address` as it is counted: an IPv4 address itself, an IPv6 address by its /64. */
export function countedAddress(address: string): string {
	const plain = address.trim().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
	const groups = plain.includes(':') ? ipv6Groups(plain.replace(/%.*$/, '')) : null;
	if (!groups) return plain;
	return `${groups
		.slice(0, 4)
		.map((g) => g.toLowerCase().replace(/^0+(?=.)/, ''))
		.join(':')}::/64`;
}

/** The client's address of `c` behind `trustProxy` proxies, as it is counted. */
export function clientAddress(c: Context, trustProxy: number): string {
	const hops = [
		...(trustProxy > 0 ? (c.req.header('x-forwarded-for') ?? '').split(',') : []),
		connectionAddress(c)
	]
		.map((a) => a.trim())
		.filter((a) => a.length > 0);
	return countedAddress(hops[Math.max(0, hops.length - 1 - trustProxy)] ?? 'unknown');
}
