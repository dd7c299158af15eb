-- Group commit of stored cards (issue 35, server/core/card-store.ts): the pushes that arrive while
-- one batch is on its way are stored by the next, in one statement and one transaction, so a
-- busy server makes one round trip and one commit for many cards. The live bench missed its push
-- budget by seconds without it (the A/B in card-store.ts and docs/speed.md, 2026-12-03).
--
-- For each card, in league order (two batches lock their leagues in one order and never wait on
-- each other in a cycle), the same as one push alone: the card's seats are counted on its
-- league's roster, and only when every one is there is the league's row locked, the card looked
-- for, and, when it is not stored yet, given the league's next number and stored; the game's live
-- copy goes, the card counts now. Each statement of a PL/pgSQL function reads the database as it
-- is when it runs, so the look after the lock sees every card committed before it: the numbers
-- of a league have no gap, and a card pushed twice in one batch is stored once.
--
-- `p_items` is a JSON array of `{ i, l, g, f, d, s, seen }`: the card's index in the batch, its
-- league, game, fingerprint, the device that pushed it (null for the instructor), its seats
-- (each once) and whether the device's `last_seen_at` is to be written. The cards go apart, in
-- `p_cards`, in index order, each JSON text, separated by the character 30, which JSON text
-- never holds as it is.
create or replace function store_cards(p_items json, p_cards text) returns table (
	o_index integer,
	o_stored bigint,
	o_held bigint,
	o_league boolean,
	o_rostered integer
) language plpgsql volatile as $$
declare
	it record;
	texts text[] := string_to_array(p_cards, chr(30));
begin
	for it in
		select x.i, x.l, x.g, x.f, x.d, x.s, x.seen
		from json_to_recordset(p_items) as x(i integer, l text, g text, f text, d text, s text[],
			seen boolean)
		order by x.l, x.i
	loop
		o_index := it.i;
		o_stored := null;
		o_held := null;
		o_league := exists (select 1 from leagues where id = it.l);
		select count(*)::int into o_rostered from players where league_id = it.l and id = any(it.s);
		if o_league and o_rostered = cardinality(it.s) then
			perform 1 from leagues where id = it.l for update;
			select c.seq into o_held from cards c
			where c.league_id = it.l and c.game_id = it.g and c.fingerprint = it.f;
			if o_held is null then
				update leagues set card_seq = card_seq + 1 where id = it.l
				returning card_seq into o_stored;
				insert into cards (league_id, seq, game_id, fingerprint, card, device_id)
				values (it.l, o_stored, it.g, it.f, texts[it.i + 1]::json, it.d);
			end if;
			delete from live_games where league_id = it.l and game_id = it.g;
		end if;
		if it.seen and it.d is not null then
			update devices set last_seen_at = now() where id = it.d
			and (last_seen_at is null or last_seen_at < now() - interval '1 minute');
		end if;
		return next;
	end loop;
end
$$;
