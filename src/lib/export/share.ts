/**
 * Handing a payload file over: the phone's share sheet with the file where the browser can
 * share files (to AirDrop, Nearby Share, a messaging app), otherwise a download.
 */
import { saveFile } from '$lib/export/save';

/** How the file left: shared, saved as a download, or the share sheet was closed. */
export type Handed = 'shared' | 'saved' | 'cancelled';

/** Shares or saves `text` as the file `name`. */
export async function shareOrSave(name: string, text: string, title: string): Promise<Handed> {
	const file = new File([text], name, { type: 'application/json' });
	if (typeof navigator.canShare === 'function' && navigator.canShare({ files: [file] })) {
		try {
			await navigator.share({ files: [file], title });
			return 'shared';
		} catch (e) {
			if (e instanceof DOMException && e.name === 'AbortError') return 'cancelled';
			// Any other refusal (no permission, no target): the download still works.
		}
	}
	saveFile(name, text, 'application/json');
	return 'saved';
}
