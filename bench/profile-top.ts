/** A Chromium CPU profile (CDP `Profiler.stop`) read the one way the bench's profilers print it. */
interface Node {
	id: number;
	callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
	children?: number[];
}

export interface Profile {
	nodes: Node[];
	samples?: number[];
	timeDeltas?: number[];
}

/** The `n` functions of most self time in `p`, in ms, a line each (file, line and column). */
export function top(p: Profile, n: number): string {
	const byId = new Map(p.nodes.map((x) => [x.id, x]));
	const self = new Map<string, number>();
	(p.samples ?? []).forEach((id, i) => {
		const f = byId.get(id)!.callFrame;
		const k = `${f.functionName || '(anon)'} ${f.url.split('/').at(-1)}:${f.lineNumber + 1}:${f.columnNumber + 1}`;
		self.set(k, (self.get(k) ?? 0) + (p.timeDeltas?.[i + 1] ?? 0) / 1000);
	});
	return [...self]
		.sort((a, b) => b[1] - a[1])
		.slice(0, n)
		.map(([k, v]) => `  ${v.toFixed(0).padStart(6)} ms  ${k}`)
		.join('\n');
}
