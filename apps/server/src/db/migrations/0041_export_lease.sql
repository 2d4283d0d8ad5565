-- Export jobs are claimed on a lease (modules/exports/exports.service.ts): the worker running a job
-- renews heartbeat_at while it runs; a job whose heartbeat is older than the lease (its process
-- died) goes back to the queue for another jobs process. Each claim is a new attempt, and the
-- attempt fences the writes: a file's parts carry the attempt that wrote them, and only the
-- attempt that still holds the job may finish or fail it — so a job yields one file however many
-- processes ran it. `worker` names the process holding it (host:pid), for operators.
ALTER TABLE export_jobs ADD COLUMN attempt integer NOT NULL DEFAULT 0;
ALTER TABLE export_jobs ADD COLUMN heartbeat_at timestamptz;
ALTER TABLE export_jobs ADD COLUMN worker text NOT NULL DEFAULT '';
UPDATE export_jobs SET heartbeat_at = started_at WHERE status = 'running';
CREATE INDEX export_jobs_running_idx ON export_jobs (heartbeat_at) WHERE status = 'running';

ALTER TABLE export_file_parts ADD COLUMN attempt integer NOT NULL DEFAULT 0;
ALTER TABLE export_file_parts DROP CONSTRAINT export_file_parts_pkey;
ALTER TABLE export_file_parts ADD PRIMARY KEY (job_id, attempt, seq);
