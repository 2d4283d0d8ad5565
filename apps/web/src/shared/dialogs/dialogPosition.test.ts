import { beforeEach, describe, expect, it, vi } from 'vitest';
import { TERMINAL_ERRORS } from '@chelian/contracts';
import { RequestError } from '../request/RequestError.ts';

const answer = vi.fn<() => Promise<unknown>>();
vi.mock('../request/call.ts', () => ({ call: () => answer() }));
const { lastSeen } = await import('./dialogPosition.ts');

describe("lastSeen: what one poll of the dialog's position answers", () => {
  beforeEach(() => answer.mockReset());

  it('is the terminal’s position, or none when it has not reported', async () => {
    answer.mockResolvedValueOnce([{ terminalId: 'T1', lon: 114, lat: 22 }]);
    expect(await lastSeen('T1')).toEqual({ terminalId: 'T1', position: { terminalId: 'T1', lon: 114, lat: 22 }, withheld: '' });
    answer.mockResolvedValueOnce([]);
    expect(await lastSeen('T1')).toEqual({ terminalId: 'T1', position: null, withheld: '' });
  });

  it('answers the server’s reason when it withholds the position (an expired service)', async () => {
    const expired = new RequestError({ msg: '设备 T1 服务已到期', errorCode: TERMINAL_ERRORS.serviceExpired.code });
    answer.mockRejectedValueOnce(expired);
    expect(await lastSeen('T1')).toEqual({ terminalId: 'T1', position: null, withheld: '设备 T1 服务已到期' });
  });

  it('fails on any other failure, so the loader keeps the last position beside it', async () => {
    answer.mockRejectedValueOnce(new RequestError({ msg: '网络异常' }));
    await expect(lastSeen('T1')).rejects.toThrow('网络异常');
  });
});
