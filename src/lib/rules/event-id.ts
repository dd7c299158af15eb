/**
 * The ids the store gives a game's events and signatures: the game's id and a place. An
 * event's place is its `seq`; a signature's is its number among the game's signatures. Unique
 * in the game, as the rules need (RULES.md §5), and across games, as the game's id is; and
 * known from the card itself, so a card's QR code need not carry them
 * (`transfer/dense-card.ts`). Events and signatures are never looked up together, so the same
 * place in both is no clash.
 */
export function eventIdAt(gameId: string, seq: number): string {
	return `${gameId}.${seq}`;
}

/** The id of game `gameId`'s signature number `n` (from 1). */
export function signatureIdAt(gameId: string, n: number): string {
	return `${gameId}.${n}`;
}
