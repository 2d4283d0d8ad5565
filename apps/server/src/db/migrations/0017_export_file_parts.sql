-- Export files are stored in parts as the workbook is written (about 1 MB each), so neither the
-- jobs role writing a million-row file nor the API sending it holds the whole file in memory.
-- export_jobs.content stays for files made before this table (read when a job has no parts).
CREATE TABLE export_file_parts (
  job_id bigint NOT NULL REFERENCES export_jobs(id) ON DELETE CASCADE,
  seq integer NOT NULL,
  data bytea NOT NULL,
  PRIMARY KEY (job_id, seq)
);
