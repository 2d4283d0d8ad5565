import { describe, expect, it } from 'vitest';
import { GB_ALARM_NAMES } from '@chelian/contracts';
import { ALARM_NAMES_ZH } from '@chelian/protocols/alarms.ts';

describe('新国标 alarm names', () => {
  it('are the platform’s own words for every GB alarm type', () => {
    for (const [type, name] of Object.entries(GB_ALARM_NAMES)) expect(ALARM_NAMES_ZH[type as keyof typeof ALARM_NAMES_ZH], type).toBe(name);
  });
});
