-- Group commit of pushes (issue 16): `push_cards` does for a whole batch of pushes what
-- `push_card_as` does for one (finds each token's caller and its card's seats on that league's
-- roster, stores the card when all is well), in one statement and so one transaction. Under a
-- district's load a server process sends the pushes that arrived while its connections were
-- busy as one batch: one round trip, one commit (one WAL flush) for all of them, each answered
-- only after that commit.
--
-- `p_items` is a JSON array of `{ i, t, l, s, ok, g, f, c }`: the push's index in the batch, its
-- token's hash, the league of its path, its card's seats, whether the card passed every other
-- check, its game id, its fingerprint and the card itself. One row comes back per push, with
-- `o_index`; `o_role` is null for a token that is no one's.
--
-- Pushes are taken in league order, so two batches lock their leagues' rows in one order and
-- never wait on each other in a cycle. A phone's `last_seen_at` is written at most once a
-- minute: a phone pushing a day's cards in a burst would otherwise rewrite its row per card.
create or replace function push_cards(p_items jsonb) returns table (
	o_index integer,
	o_role text,
	o_league text,
	o_device text,
	o_revoked boolean,
	o_roster json,
	o_seq bigint,
	o_created boolean
) language plpgsql volatile as $$
declare
	it record;
	w record;
	found_seats bigint;
	last_seq bigint;
	held bigint;
begin
	for it in
		select x.i, x.t, x.l, x.s, x.ok, x.g, x.f, e.value -> 'c' as c
		from jsonb_array_elements(p_items) e
		cross join lateral jsonb_to_record(e.value)
			as x(i integer, t text, l text, s text[], ok boolean, g text, f text)
		order by x.l, x.i
	loop
		o_index := it.i;
		o_role := null;
		o_league := null;
		o_device := null;
		o_revoked := null;
		o_roster := null;
		o_seq := null;
		o_created := null;
		select y.role, y.league_id, y.device_id, y.revoked into w from (
			select 'instructor'::text as role, l.id as league_id, null::text as device_id,
				false as revoked
			from leagues l where l.instructor_token_hash = it.t
			union all
			select 'device'::text, d.league_id, d.id, d.revoked_at is not null
			from devices d where d.token_hash = it.t
		) y limit 1;
		if not found then
			return next;
			continue;
		end if;
		o_role := w.role;
		o_league := w.league_id;
		o_device := w.device_id;
		o_revoked := w.revoked;
		select count(distinct p.id), json_agg(json_build_object('id', p.id, 'name', p.name))
		into found_seats, o_roster
		from players p where p.league_id = w.league_id and p.id = any(it.s);
		if it.ok and not w.revoked and w.league_id = it.l
			and found_seats = (select count(distinct z) from unnest(it.s) z) then
			select l.card_seq into last_seq from leagues l where l.id = it.l for update;
			if found then
				if w.device_id is not null then
					update devices set last_seen_at = now() where id = w.device_id
						and (last_seen_at is null or last_seen_at < now() - interval '1 minute');
				end if;
				select c.seq into held from cards c
				where c.league_id = it.l and c.game_id = it.g and c.fingerprint = it.f;
				if found then
					o_seq := held;
					o_created := false;
				else
					update leagues set card_seq = last_seq + 1 where id = it.l;
					insert into cards (league_id, seq, game_id, fingerprint, card, device_id)
					values (it.l, last_seq + 1, it.g, it.f, it.c, w.device_id);
					o_seq := last_seq + 1;
					o_created := true;
				end if;
			end if;
		end if;
		return next;
	end loop;
end
$$;
