/** Reading what a request asks: its body against a schema, its whole-number query parameters. */
import type { Context } from 'hono';
import * as v from 'valibot';
import { malformed } from '../core/errors';

/** `input` checked against `schema`; 400 naming the first field that is wrong. */
export function checked<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
	const parsed = v.safeParse(schema, input);
	if (!parsed.success) {
		const issue = parsed.issues[0];
		const where = v.getDotPath(issue);
		throw malformed(where ? `${where}: ${issue.message}` : issue.message);
	}
	return parsed.output;
}

/** Query parameter `name` as a whole number from 0 (`fallback` when absent); else 400. */
export function wholeQuery(
	c: Context,
	name: string,
	fallback: number,
	max = Number.MAX_SAFE_INTEGER
): number {
	const value = Number(c.req.query(name) ?? fallback);
	if (!Number.isSafeInteger(value) || value < 0 || value > max) {
		throw malformed(`${name}: a whole number up to ${max}`);
	}
	return value;
}
