/**
 * The columns `presentAlarm` reads after the alarm's id, terminal, vehicle and names, for every
 * alarm list (the alarm centre and each sub-product's): one list, so a column added to alarms
 * (补传 `late`, say) reaches every page. The query joins `alarms al` and `LEFT JOIN users u ON u.id = al.handled_by`.
 */
export const ALARM_ROW_COLUMNS = `al.type, al.alarm_time, al.received_at, al.lat, al.lon, al.speed, al.handled, u.name AS handled_by_name,
       al.handled_at, al.handle_note, al.late, al.repeats, al.last_seen_at`;
