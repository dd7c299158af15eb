import type { MessageCode, MessageParams } from './messages';

/**
 * An error a person can act on: a stable `code` for programs, and the values its sentence
 * needs. The words live in `messages.ts` and are looked up only where an error is shown
 * (`messageFor`), so code that throws does not carry every sentence of the app with it. The
 * `message` is for developers and logs: the code and its values. The app's error classes
 * (RuleError, DbError, BackupError …) are these with a narrower set of codes and their own
 * `name`. This module imports nothing at run time, so every layer may use it.
 */
export class CodedError<C extends MessageCode = MessageCode> extends Error {
	readonly code: C;
	readonly params: MessageParams;

	constructor(code: C, params: MessageParams = {}, options?: { cause?: unknown }) {
		super(Object.keys(params).length > 0 ? `${code} ${JSON.stringify(params)}` : code, options);
		this.code = code;
		this.params = params;
	}
}
