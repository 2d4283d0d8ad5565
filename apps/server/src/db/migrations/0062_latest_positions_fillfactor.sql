-- latest_positions is rewritten in place, one row per terminal at every report (issue 33). Pages
-- kept 30 % free let nearly every rewrite stay on its page (a HOT update: no new index entry, less
-- WAL); full pages sent a third of them to another page, each with a primary-key entry of its own.
-- Pages written from now on keep the room (a VACUUM FULL gives it to the existing ones).
ALTER TABLE latest_positions SET (fillfactor = 70);
