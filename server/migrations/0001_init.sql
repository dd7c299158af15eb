-- The school server's tables. The same SQL runs on PGlite (embedded) and PostgreSQL 15+.

-- A league as its instructor registered and last pushed it. The token is stored hashed only.
create table leagues (
	id text primary key,
	name text not null,
	instructor_token_hash text not null unique,
	-- The app's league record (term, rule sheet, options), as last pushed.
	record jsonb,
	-- Counts the cards received, so each league's cards page in commit order (see cards.seq).
	card_seq bigint not null default 0,
	created_at timestamptz not null default now(),
	updated_at timestamptz not null default now()
);

-- The league's roster: whom a card may seat.
create table players (
	league_id text not null references leagues (id) on delete cascade,
	id text not null,
	name text not null,
	retired_at text,
	updated_at text not null,
	primary key (league_id, id)
);

-- Class sessions with their groups, as the instructor's device holds them.
create table sessions (
	league_id text not null references leagues (id) on delete cascade,
	id text not null,
	record jsonb not null,
	primary key (league_id, id)
);

-- Join codes, hashed; a code works until it expires.
create table join_codes (
	code_hash text primary key,
	league_id text not null references leagues (id) on delete cascade,
	expires_at timestamptz not null
);
create index join_codes_league on join_codes (league_id);

-- Group phones that joined a league; a revoked device's token stops working.
create table devices (
	id text primary key,
	league_id text not null references leagues (id) on delete cascade,
	name text not null,
	token_hash text not null unique,
	joined_at timestamptz not null default now(),
	last_seen_at timestamptz,
	revoked_at timestamptz
);
create index devices_league on devices (league_id);

-- Signed cards received. One card (game and fingerprint) is one row however often it is pushed;
-- seq is the league's own count, taken under the league row's lock, so a reader paging by
-- `after=` never skips a card that commits later with a smaller number.
create table cards (
	league_id text not null references leagues (id) on delete cascade,
	seq bigint not null,
	game_id text not null,
	fingerprint text not null,
	card jsonb not null,
	device_id text references devices (id) on delete set null,
	received_at timestamptz not null default now(),
	primary key (league_id, seq),
	unique (league_id, game_id, fingerprint)
);

-- Wrong join codes by client address, in ten-minute windows (in the database, so every
-- server process counts the same guesses).
create table join_failures (
	client text primary key,
	window_start timestamptz not null,
	failures integer not null
);
