/**
 * The sentence for an error, for code on the scorecard's first load: the table of sentences
 * (`messages.ts`) arrives the first time an error is shown, not with the page.
 */
export async function wordsFor(err: unknown): Promise<string> {
	const { messageFor } = await import('./messages');
	return messageFor(err);
}
