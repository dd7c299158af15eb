/**
 * Hands a file to the browser to save (the Downloads folder on a laptop, the share or files
 * sheet on a phone). Works offline: the file is made on the device.
 */
export function saveFile(name: string, text: string, type: string): void {
	const url = URL.createObjectURL(new Blob([text], { type }));
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
