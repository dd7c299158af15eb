import 'fake-indexeddb/auto';
import { it } from 'vitest';
import { resetDb } from '../db/helpers';
import { leagueWith } from '../db/league-helpers';
import { signedCard } from './fixtures';
import { cardPayload } from '$lib/transfer/envelope';
import { toBytes } from '$lib/transfer/payload';
import { canonicalJson } from '$lib/rules/canonical';
import { writeFileSync } from 'node:fs';

it('sizes', async () => {
	await resetDb();
	const { leagueId, students } = await leagueWith(['Ana Lopez', 'Ben Ortiz', 'Cleo Diaz', 'Dev Shah']);
	const players = [...students.values()];
	const card = await signedCard(players, 15, { leagueId });
	const p = cardPayload(card);
	writeFileSync('/tmp/sz/card.json', JSON.stringify(p, null, 1));
	const sz = async (x: unknown) => (await toBytes(x as never)).length;
	console.log('events', card.events.length, 'whole', await sz(p), 'json', canonicalJson(p).length);
	console.log('no strokes', await sz({ ...p, signatures: p.signatures.map((s) => ({ ...s, strokes: null })) }));
	console.log('no sigs', await sz({ ...p, signatures: [] }));
	console.log('no events', await sz({ ...p, events: [] }));
});
