/**
 * SQL: `column` is the group given as parameter n or any group below it; a NULL parameter
 * matches everything. Vehicle lists, alarm lists and reports filter by group this one way.
 */
export function inGroupSubtree(column: string, paramIndex: number): string {
  return `($${paramIndex}::bigint IS NULL OR ${column} IN (
        WITH RECURSIVE sub AS (SELECT id FROM vehicle_groups WHERE id = $${paramIndex}
                               UNION ALL SELECT c.id FROM vehicle_groups c JOIN sub ON c.parent_id = sub.id)
        SELECT id FROM sub))`;
}
