/**
 * Hands a file to the browser to save (the Downloads folder on a laptop, the share or files
 * sheet on a phone). Works offline: the file is made on the device.
 */
export function saveFile(name: string, text: string, type: string): void {
	saveBlob(name, new Blob([text], { type }));
}

function saveBlob(name: string, blob: Blob): void {
	const url = URL.createObjectURL(blob);
	const link = document.createElement('a');
	link.href = url;
	link.download = name;
	link.rel = 'noopener';
	document.body.append(link);
	link.click();
	link.remove();
	// Revoked after the click has been handled, or some browsers save nothing.
	setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Receives a file's text part by part, in order. */
export type PartWriter = (part: string) => void | Promise<void>;

/** The File System Access API's save dialog, where the browser has it (Chromium on a laptop). */
type SavePicker = (options: {
	suggestedName: string;
	types: { description: string; accept: Record<string, string[]> }[];
}) => Promise<{ createWritable(): Promise<WritableStreamLike> }>;

interface WritableStreamLike {
	write(data: string): Promise<void>;
	close(): Promise<void>;
	abort(): Promise<void>;
}

/**
 * A file gathered part by part, each part handed to the browser's blob store as it comes, so
 * the file never sits in the JS heap: parts gathered 64 at a time before being folded into a
 * Blob held up to 64 batches' text (tens of megabytes of an events CSV) at once. The bench's
 * exports and backups are gathered through it too, so its heaps are the app's.
 */
export class BlobOfParts {
	readonly #blobs: Blob[] = [];

	readonly write = (part: string): void => {
		this.#blobs.push(new Blob([part]));
	};

	/** The whole file, of `type`. */
	blob(type?: string): Blob {
		return new Blob(this.#blobs, type === undefined ? undefined : { type });
	}
}

/**
 * Saves a file that `produce` writes part by part, never whole in memory: straight into the
 * file the person picks where the browser offers a save dialog (File System Access API), else
 * into a Blob of parts that downloads at the end. Call it from a click: the dialog needs one.
 * Gives what `produce` returned, or null when the person closed the dialog without saving.
 * @param extension the file's extension with its dot (`.csv`), for the dialog's file type
 */
export async function saveInParts<T>(
	name: string,
	type: string,
	extension: string,
	produce: (write: PartWriter) => Promise<T>
): Promise<T | null> {
	const picker = (globalThis as { showSaveFilePicker?: SavePicker }).showSaveFilePicker;
	if (typeof picker === 'function') {
		let file: WritableStreamLike;
		try {
			const handle = await picker({
				suggestedName: name,
				types: [{ description: name, accept: { [type.split(';')[0]!]: [extension] } }]
			});
			file = await handle.createWritable();
		} catch (err) {
			if (err instanceof DOMException && err.name === 'AbortError') return null;
			// No dialog here after all (a browser that refuses it): the download below.
			return saveAsBlob(name, type, produce);
		}
		try {
			const result = await produce((part) => file.write(part));
			await file.close();
			return result;
		} catch (err) {
			await file.abort().catch(() => undefined);
			throw err;
		}
	}
	return saveAsBlob(name, type, produce);
}

async function saveAsBlob<T>(
	name: string,
	type: string,
	produce: (write: PartWriter) => Promise<T>
): Promise<T> {
	const file = new BlobOfParts();
	const result = await produce(file.write);
	saveBlob(name, file.blob(type));
	return result;
}
