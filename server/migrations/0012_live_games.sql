-- The live classroom (issue 40): a league game's log as its group's phone records it, for the
-- instructor's live view. Word from a phone, never a score: only the signed card counts. A
-- game's live rows go when its card is pushed, or two days after the phone was last heard.
--
-- Every entry takes a number from one sequence, under its league's advisory lock (core/live.ts),
-- so a league's entries commit in the order of their numbers and a reader resuming "after N"
-- never skips one that commits later with a smaller number.
create sequence live_stream_seq;

-- A game being played: the phone that sends it (the one that reported it in game_states) and
-- its latest game record.
create table live_games (
	league_id text not null references leagues (id) on delete cascade,
	game_id text not null,
	device_id text not null,
	game jsonb not null,
	heard_at timestamptz not null default now(),
	primary key (league_id, game_id)
);
create index live_games_heard on live_games (heard_at);

-- A game's entries, stored once each by (game, seq): a retried message stores nothing twice.
create table live_entries (
	league_id text not null,
	game_id text not null,
	seq int not null,
	entry jsonb not null,
	stream_seq bigint not null default nextval('live_stream_seq'),
	primary key (league_id, game_id, seq),
	foreign key (league_id, game_id) references live_games (league_id, game_id) on delete cascade
);
-- "League X's entries after stream number N", for the stream and the instructor's pull.
create index live_entries_stream on live_entries (league_id, stream_seq);
