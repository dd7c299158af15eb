import { CodedError } from '../coded-error';
import type { MessageCode } from '../messages';

/** The codes the rules engine can refuse with. Stable: tests and stored data name them. */
export type RuleErrorCode = MessageCode;

/**
 * A refusal by the rules: an event, a hand or a setup that breaks a rule. It carries a stable
 * `code` for programs and a plain-words `message` for people. Nothing was changed.
 */
export class RuleError extends CodedError<RuleErrorCode> {
	override readonly name = 'RuleError';
}

/** Whether `e` is a refusal by the rules (as opposed to a bug). */
export function isRuleError(e: unknown): e is RuleError {
	return e instanceof RuleError;
}
