/**
 * `Intl.DateTimeFormat`s made once and kept: building one costs about as much as formatting
 * a thousand dates with it (ICU loads and resolves the locale's patterns each time), so a
 * list that built one per row (`toLocaleDateString` with options does) spent most of its first
 * render there. Keyed by locale and options; the options are written as literals at each call
 * site, so the set of keys stays small.
 */
const kept = new Map<string, Intl.DateTimeFormat>();

/** The `Intl.DateTimeFormat` of `locale` (the browser's when undefined) and `options`. */
export function dateFormat(
	locale: string | undefined,
	options: Intl.DateTimeFormatOptions
): Intl.DateTimeFormat {
	const key = `${locale ?? ''}\u0000${JSON.stringify(options)}`;
	let format = kept.get(key);
	if (!format) {
		format = new Intl.DateTimeFormat(locale, options);
		kept.set(key, format);
	}
	return format;
}
