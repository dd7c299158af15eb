import { build } from 'esbuild';
import { join } from 'node:path';

/**
 * The script at `entry` bundled for a page of the app, one script the bench adds to a tab: it
 * reaches the app's modules through `$lib`, those of the checkout at `root` (another checkout
 * for an A/B), with the development checks off as in the build.
 */
export async function pageBundle(entry: string, root: string, minify = false): Promise<string> {
	const out = await build({
		entryPoints: [entry],
		bundle: true,
		format: 'iife',
		write: false,
		minify,
		alias: { $lib: join(root, 'src/lib') },
		define: { 'import.meta.env.DEV': 'false' },
		logLevel: 'silent'
	});
	return out.outputFiles[0]?.text ?? '';
}
