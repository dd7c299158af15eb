-- Group phones pull their league and groups from the server (issue 16): the league's state has
-- a number that grows with every change the instructor pushes (league, roster, sessions, groups
-- handed out), so a phone that holds the latest asks with `since=` and gets 304, nothing more.
alter table leagues add column state_seq bigint not null default 0;

-- A session's groups as handed out on the instructor's device: the session payload a QR code or
-- file carries (`transfer/class-schema.ts`), checked again by each phone that takes it. `seq` is
-- the league's state number when it last changed, so phones page by `after=`.
create table handouts (
	league_id text not null references leagues (id) on delete cascade,
	session_id text not null,
	seq bigint not null,
	payload jsonb not null,
	primary key (league_id, session_id)
);
create index handouts_seq on handouts (league_id, seq);
