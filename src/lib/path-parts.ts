/**
 * An address's path split into its segments, each decoded as the router decodes it, or null
 * when one is not valid. The shell reads the address before the router has started (to begin
 * a page's first read, `$lib/state/first-game.ts`).
 */
export function pathParts(pathname: string): string[] | null {
	const parts: string[] = [];
	for (const segment of pathname.split('/')) {
		try {
			parts.push(decodeURIComponent(segment));
		} catch {
			return null;
		}
	}
	return parts;
}
