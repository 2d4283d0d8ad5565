import { describe, expect, it } from 'vitest';
import { liveUrl } from './liveFeed.ts';
import { parseLiveMessage } from './liveMessages.ts';

describe('live feed messages', () => {
  it('reads single items, lists and snapshots, and ignores the rest', () => {
    expect(parseLiveMessage('{"type":"pos","data":{"terminalId":"1"}}')).toEqual([{ kind: 'pos', data: { terminalId: '1' } }]);
    expect(parseLiveMessage({ type: 'alarm', data: [{ alarmId: 1 }, { alarmId: 2 }] })).toHaveLength(2);
    expect(
      parseLiveMessage({ type: 'snapshot', positions: [{ terminalId: 'a' }], presence: [{ terminalId: 'b' }] }).map((e) => e.kind),
    ).toEqual(['pos', 'presence']);
    expect(parseLiveMessage({ type: 'presence.1.5.x', payload: { terminalId: 'x', online: false } })[0].kind).toBe('presence');
    expect(
      parseLiveMessage({ type: 'snapshot', data: [{ terminalId: 'a' }, { terminalId: 'b' }], final: true }).map((e) => e.kind),
    ).toEqual(['pos', 'pos']);
    expect(parseLiveMessage({ type: 'position', data: { terminalId: 'c' } })[0]).toEqual({ kind: 'pos', data: { terminalId: 'c' } });
    expect(parseLiveMessage({ type: 'pong' })).toEqual([]);
    expect(parseLiveMessage('not json')).toEqual([]);
    expect(parseLiveMessage({ type: 'weather', data: {} })).toEqual([]);
    expect(parseLiveMessage(null)).toEqual([]);
  });

  it('builds the socket address from the API base or the page origin', () => {
    expect(liveUrl('', 'http://localhost:8080', 'abc')).toBe('ws://localhost:8080/ws/live?sessionId=abc');
    expect(liveUrl('https://api.example.com', 'http://localhost', 's')).toBe('wss://api.example.com/ws/live?sessionId=s');
  });
});
