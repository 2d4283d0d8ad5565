-- 补传: an alarm raised from a blind-area upload — positions the terminal kept while out of
-- coverage and sent later (JT/T 808 0x0704 type 1, GT06 re-upload, watch UD2, or a report
-- received long after its GPS time), or judged by an engine after newer live reports. Its
-- alarm_time is still the device's time; received_at says when the platform learned of it.
-- A constant default: no table rewrite on PostgreSQL 11+.
ALTER TABLE alarms ADD COLUMN late boolean NOT NULL DEFAULT false;
