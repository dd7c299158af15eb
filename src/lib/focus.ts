import { tick } from 'svelte';

/**
 * Keeps the focus on a stepping button (an arrow, "Next code") once its step is drawn: on
 * `pressed` while it can be pressed again, or on `other` when the step reached the end and
 * disabled `pressed`. A disabled button holds no focus, and the page would be left with none.
 * Both are looked up after the step is drawn, which may have moved or remade them.
 */
export async function keepFocusOnStep(
	pressed: () => Element | null | undefined,
	other: () => Element | null | undefined
): Promise<void> {
	await tick();
	const same = pressed();
	const target = same instanceof HTMLButtonElement && !same.disabled ? same : other();
	if (target instanceof HTMLElement) target.focus();
}
