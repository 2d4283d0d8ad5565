import { describe, expect, it } from 'vitest';
import { ELEC_CAR_ALARM_NAMES } from '@chelian/contracts';
import { ALARM_NAMES_ZH, isAlarmType } from '@chelian/protocols/alarms.ts';

describe('the e-bike alarm names', () => {
  it("are the platform's words for every type the platform names (the car app and this one say the same)", () => {
    for (const [type, name] of Object.entries(ELEC_CAR_ALARM_NAMES)) {
      if (isAlarmType(type)) expect(name, type).toBe(ALARM_NAMES_ZH[type]);
    }
  });
});
