import { describe, expect, it } from 'vitest';
import { dialogKeyOf } from './dialogVehicle.ts';

describe('dialogKeyOf: one rule for what the vehicle dialog was opened with', () => {
  it('reads digits shorter than 11 as a vehicle id', () => {
    expect(dialogKeyOf('42')).toEqual({ vehicleId: 42 });
    expect(dialogKeyOf('1234567890')).toEqual({ vehicleId: 1234567890 });
    expect(dialogKeyOf('0')).toEqual({ vehicleId: null });
    expect(dialogKeyOf('')).toEqual({ vehicleId: null });
  });

  it('reads a phone number or an IMEI as a terminal, a vehicle id when the server does not know it', () => {
    expect(dialogKeyOf('013800138000')).toEqual({ terminalId: '013800138000', fallback: 13800138000 });
    expect(dialogKeyOf('869330012345678')).toEqual({ terminalId: '869330012345678', fallback: 869330012345678 });
    expect(dialogKeyOf('99999999999999999999')).toEqual({ terminalId: '99999999999999999999', fallback: null });
  });

  it('reads anything else as a terminal with no vehicle id to fall back on', () => {
    expect(dialogKeyOf('GB-00A7')).toEqual({ terminalId: 'GB-00A7', fallback: null });
  });
});
