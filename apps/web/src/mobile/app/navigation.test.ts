import { describe, expect, it } from 'vitest';
import { currentInAppPath, loginPathFor, safeRedirect } from './navigation.ts';

describe('mobile login redirect', () => {
  it('keeps where the user was, inside /m/', () => {
    expect(currentInAppPath({ pathname: '/m/fleet/T1', search: '?tab=track' })).toBe('/fleet/T1?tab=track');
    expect(currentInAppPath({ pathname: '/m/', search: '' })).toBe('/');
    expect(currentInAppPath({ pathname: '/m', search: '' })).toBe('/');
    expect(loginPathFor('/fleet/T1?tab=track')).toBe('/login?redirect=%2Ffleet%2FT1%3Ftab%3Dtrack');
    expect(loginPathFor('/')).toBe('/login');
    expect(loginPathFor('/login?redirect=%2Fx')).toBe('/login');
  });

  it('goes back only to an in-app path', () => {
    expect(safeRedirect('/alarms')).toBe('/alarms');
    expect(safeRedirect('//evil.example/x')).toBe('/');
    expect(safeRedirect('https://evil.example')).toBe('/');
    expect(safeRedirect('/login')).toBe('/');
    expect(safeRedirect(null)).toBe('/');
  });
});
