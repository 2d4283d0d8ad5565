import { describe, expect, it } from 'vitest';
import { monitorEndpoints } from '@chelian/contracts';
import { FLEET_PATH, FLEET_QUERY, opensFleet } from './earlyCalls.ts';

describe('掌上车联 early calls', () => {
  it("asks for 车队 exactly as fleetStore's call does", () => {
    expect(FLEET_PATH).toBe(monitorEndpoints.lastPositions.path);
    expect(monitorEndpoints.lastPositions.method).toBe('GET');
    expect(FLEET_QUERY).toEqual({ limit: 10_000 });
  });

  it('only when the app opens on 车队', () => {
    expect(opensFleet('/fleet', null)).toBe(true);
    expect(opensFleet('/fleet/', '/pet')).toBe(true);
    expect(opensFleet('/', '/fleet')).toBe(true);
    expect(opensFleet('', '/fleet')).toBe(true);
    expect(opensFleet('/', '/pet')).toBe(false);
    expect(opensFleet('/', null)).toBe(false);
    expect(opensFleet('/fleet/T-1', '/fleet')).toBe(false);
    expect(opensFleet('/alarms', '/fleet')).toBe(false);
  });
});
