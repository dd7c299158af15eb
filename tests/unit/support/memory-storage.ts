/** localStorage as a browser keeps it, in memory; `refuse` makes every call throw. */
export function memoryStorage(refuse = false) {
	const items = new Map<string, string>();
	const check = () => {
		if (refuse) throw new DOMException('The operation is insecure.', 'SecurityError');
	};
	return {
		items,
		getItem: (k: string) => (check(), items.get(k) ?? null),
		setItem: (k: string, v: string) => (check(), void items.set(k, v)),
		removeItem: (k: string) => (check(), void items.delete(k))
	};
}
