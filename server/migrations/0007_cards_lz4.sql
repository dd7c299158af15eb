-- Cards are compressed with lz4 rather than PostgreSQL's default pglz (issue 16): a card is about
-- 5 KB of JSON, so every card stored goes through TOAST compression, and pglz costs several times
-- lz4's CPU for it (measured inserting 8,000 cards: 0.16-0.21 ms a card with pglz, 0.11-0.12 with
-- lz4, on 2 loaded cores), on the database's side of the push under a district's load; a pull
-- decompresses faster too. Cards stored before keep their compression; both read alike. A
-- PostgreSQL built without lz4 (PGlite, say) keeps pglz: nothing else changes.
do $$
begin
	alter table cards alter column card set compression lz4;
exception
	when feature_not_supported or invalid_parameter_value then
		null;
end
$$;
