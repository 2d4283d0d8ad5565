-- Every gateway rewrites terminals.last_seen_at for the terminals it holds, about once a minute
-- each (gateway/presence.ts): at 10 000 terminals reporting every 5 s, one row update for every 12
-- positions stored (issue 33). An index on last_seen_at made each of them a full update: a new
-- row version on another page and a new entry in every index of terminals (~15 µs of PostgreSQL's
-- CPU a row). Without it the update is HOT (the row version stays on its page, no index entry);
-- the offline sweep it served (markSilentOffline, once per sweep, at most every 10 s) reads the
-- table instead, ~1 ms per 10 000 terminals. Pages keep a fifth free for those rewrites.
DROP INDEX terminals_online_idx;
ALTER TABLE terminals SET (fillfactor = 80);
