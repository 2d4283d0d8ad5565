-- 补传 is said one way (packages/protocols/src/positionAttributes.ts, blindArea): GT06's re-upload
-- byte was stored as extras.reupload, and a fix that came more than 5 minutes after its GPS time
-- was judged blind-area when read. Rows stored before now say it the same way as new ones.
UPDATE positions
   SET extras = (COALESCE(extras, '{}'::jsonb) - 'reupload') || '{"blindArea": true}'::jsonb
 WHERE (extras -> 'reupload' = '1'::jsonb OR received_at > gps_time + interval '5 minutes')
   AND (extras -> 'blindArea') IS DISTINCT FROM 'true'::jsonb;
UPDATE positions SET extras = NULLIF(extras - 'reupload', '{}'::jsonb) WHERE extras ? 'reupload';

UPDATE latest_positions
   SET extras = (COALESCE(extras, '{}'::jsonb) - 'reupload') || '{"blindArea": true}'::jsonb
 WHERE (extras -> 'reupload' = '1'::jsonb OR received_at > gps_time + interval '5 minutes')
   AND (extras -> 'blindArea') IS DISTINCT FROM 'true'::jsonb;
UPDATE latest_positions SET extras = NULLIF(extras - 'reupload', '{}'::jsonb) WHERE extras ? 'reupload';
