-- Cards are stored as `json`, their text, rather than `jsonb` (issue 16). Nothing queries inside
-- a stored card: the server stores it and hands it back to the instructor's pull, which parses it
-- anyway. Building jsonb's binary form is most of what PostgreSQL spends on a card's bytes
-- (measured on 10,000 cards of ~4.7 KB, 2 loaded cores: ~100-130 µs a card to parse into jsonb
-- and insert it, against a few µs for json's check of the same text), and the batch of pushes
-- was parsed as jsonb whole, cards and all.
--
-- `push_cards(p_items json, p_cards text)` takes the batch in two: each push but its card, as a
-- small JSON array, and the cards, one text with a control character between two cards (JSON
-- text never holds one as it is), split once. Each card's text is then read once, by json's
-- check as it is stored (taking a json array apart instead scanned every card three times: 4.6
-- of the 39 ms of a 32-card batch). A phone's `last_seen_at` is read with its token and written
-- only when it is a minute old (an update statement a card otherwise, 1.3 ms of the batch).
-- `push_cards(jsonb)` (0006) stays for a process not yet upgraded; jsonb goes into a json
-- column by its assignment cast.
alter table cards alter column card type json using card::json;

-- The type change rewrote the column: lz4 again where the server has it (see 0007).
do $$
begin
	alter table cards alter column card set compression lz4;
exception
	when feature_not_supported or invalid_parameter_value then
		null;
end
$$;

create or replace function push_cards(p_items json, p_cards text) returns table (
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
	cards text[] := string_to_array(p_cards, E'\x1e');
begin
	for it in
		select x.i, x.t, x.l, x.s, x.ok, x.g, x.f
		from json_to_recordset(p_items)
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
		select y.role, y.league_id, y.device_id, y.revoked, y.seen into w from (
			select 'instructor'::text as role, l.id as league_id, null::text as device_id,
				false as revoked, null::timestamptz as seen
			from leagues l where l.instructor_token_hash = it.t
			union all
			select 'device'::text, d.league_id, d.id, d.revoked_at is not null, d.last_seen_at
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
				if w.device_id is not null
					and (w.seen is null or w.seen < now() - interval '1 minute') then
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
					values (it.l, last_seq + 1, it.g, it.f, cards[it.i + 1]::json, w.device_id);
					o_seq := last_seq + 1;
					o_created := true;
				end if;
			end if;
		end if;
		return next;
	end loop;
end
$$;
