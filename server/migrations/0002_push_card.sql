-- A push in one round trip: `push_card` takes the league's next number under the league row's
-- lock, then stores the card unless it is already there. Each statement of a volatile plpgsql
-- function sees what committed before it, so once the lock is held a card stored by a push that
-- just committed is found and no number is used twice or skipped.
create or replace function push_card(
	p_league text,
	p_game text,
	p_fingerprint text,
	p_card jsonb,
	p_device text
) returns table (seq bigint, created boolean) language plpgsql volatile as $$
declare
	last_seq bigint;
	held bigint;
begin
	select l.card_seq into last_seq from leagues l where l.id = p_league for update;
	if not found then
		return;
	end if;
	if p_device is not null then
		update devices set last_seen_at = now() where id = p_device;
	end if;
	select c.seq into held from cards c
	where c.league_id = p_league and c.game_id = p_game and c.fingerprint = p_fingerprint;
	if found then
		return query select held, false;
		return;
	end if;
	update leagues set card_seq = last_seq + 1 where id = p_league;
	insert into cards (league_id, seq, game_id, fingerprint, card, device_id)
	values (p_league, last_seq + 1, p_game, p_fingerprint, p_card, p_device);
	return query select last_seq + 1, true;
end
$$
