-- A push in one round trip, token included: `push_card_as` finds whose the token is and the
-- card's seats on that league's roster, and calls `push_card` only when the token is of league
-- `p_league`, not revoked, every seat is on its roster and `p_store` (the card passed every other
-- check). The caller and the roster lines are returned either way, for the server to give the
-- same refusals as before; the roster lines and the decision come from one statement, so they agree.
create or replace function push_card_as(
	p_token_hash text,
	p_league text,
	p_seats text[],
	p_store boolean,
	p_game text,
	p_fingerprint text,
	p_card jsonb
) returns table (
	o_role text,
	o_league text,
	o_device text,
	o_revoked boolean,
	o_roster json,
	o_seq bigint,
	o_created boolean
) language plpgsql volatile as $$
declare
	w record;
	lines json;
	found_seats bigint;
	stored_seq bigint;
	stored_new boolean;
begin
	select x.role, x.league_id, x.device_id, x.revoked into w from (
		select 'instructor'::text as role, l.id as league_id, null::text as device_id,
			false as revoked
		from leagues l where l.instructor_token_hash = p_token_hash
		union all
		select 'device'::text, d.league_id, d.id, d.revoked_at is not null
		from devices d where d.token_hash = p_token_hash
	) x limit 1;
	if not found then
		return;
	end if;
	select count(distinct p.id), json_agg(json_build_object('id', p.id, 'name', p.name))
	into found_seats, lines
	from players p where p.league_id = w.league_id and p.id = any(p_seats);
	if p_store and not w.revoked and w.league_id = p_league
		and found_seats = (select count(distinct s) from unnest(p_seats) s) then
		select pc.seq, pc.created into stored_seq, stored_new
		from push_card(p_league, p_game, p_fingerprint, p_card, w.device_id) pc;
	end if;
	return query select w.role, w.league_id, w.device_id, w.revoked, lines, stored_seq, stored_new;
end
$$;
