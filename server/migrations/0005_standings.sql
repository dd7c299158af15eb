-- The standings the instructor shares with the group phones (issues 15 and 16): the same checked
-- snapshot a receipt or a group's code carries (`transfer/standings-snapshot.ts`), or its word to
-- hide them (`rows: null`). Phones read it with the league (`GET /api/leagues/:id`); a newer
-- snapshot replaces an older one, never the other way round, by `standings_at` (the snapshot's
-- own `at`, when the instructor's device worked it out or stopped sharing).
alter table leagues add column standings jsonb;
alter table leagues add column standings_at timestamptz;
