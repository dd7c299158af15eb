-- Where a handed-out game stands on its group's phone (issue 36): joined (the phone took its
-- group), playing (it recorded an entry) or finished (over, not yet signed by everyone). Word from the phones for the instructor's session
-- page, never a score: only the signed card counts. Numbered by a sequence of its own, so a
-- report does not make every phone pull the league again.
create sequence game_state_seq;
create table game_states (
	league_id text not null references leagues (id) on delete cascade,
	game_id text not null,
	state text not null check (state in ('joined', 'playing', 'finished')),
	device_id text not null,
	seq bigint not null,
	heard_at timestamptz not null default now(),
	primary key (league_id, game_id)
);
create index game_states_seq on game_states (league_id, seq);
