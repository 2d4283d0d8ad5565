import { describe, expect, it } from 'vitest';
import type { RiderBill, RiderContract } from '@chelian/contracts';
import { areaShapes, billTone, billsView, contractTone, currentContract, sortBills, yuanText } from './riderView.ts';

describe('the rider view', () => {
  it('writes fen as yuan without floating point', () => {
    expect(yuanText(2300)).toBe('23.00');
    expect(yuanText(7)).toBe('0.07');
    expect(yuanText(100005)).toBe('1000.05');
    expect(yuanText(-150)).toBe('-1.50');
  });

  it('opens on the overdue contract before a running one, else the newest', () => {
    const c = (contractId: number, status: string) => ({ contractId, status }) as RiderContract;
    expect(currentContract([c(3, 'returned'), c(2, 'active'), c(1, 'overdue')])?.contractId).toBe(1);
    expect(currentContract([c(3, 'returned'), c(2, 'cancelled')])?.contractId).toBe(3);
    expect(currentContract([])).toBeUndefined();
  });

  it('colours a locked or overdue contract red and an overdue bill red', () => {
    expect(contractTone({ status: 'active', lockReasonName: '驶出运营区域' })).toBe('danger');
    expect(contractTone({ status: 'active', lockReasonName: '' })).toBe('success');
    expect(billTone({ riderState: 'overdue' })).toBe('danger');
    expect(billTone({ riderState: 'paid' })).toBe('success');
  });

  it('lists the overdue bills first, then the unpaid, then the settled newest first', () => {
    const b = (billId: number, riderState: string, owedFen: number, dueAt: number) => ({ billId, riderState, owedFen, dueAt }) as RiderBill;
    expect(sortBills([b(1, 'paid', 0, 1), b(2, 'unpaid', 5, 3), b(3, 'overdue', 5, 4), b(4, 'paid', 0, 2)]).map((x) => x.billId)).toEqual([
      3, 2, 4, 1,
    ]);
  });

  it('draws circles and polygons in the colour of their kind', () => {
    const shapes = areaShapes([
      {
        geofenceId: 1,
        name: 'a',
        fenceKindName: '',
        radius: 500,
        kind: 'boundary',
        kindName: '',
        circle: { lon: 114, lat: 22, radiusM: 500 },
        rings: null,
      },
      {
        geofenceId: 2,
        name: 'b',
        fenceKindName: '',
        radius: null,
        kind: 'noParking',
        kindName: '',
        circle: null,
        rings: [
          [
            [114, 22],
            [114.1, 22],
            [114.1, 22.1],
          ],
        ],
      },
    ]);
    expect(shapes[0]).toMatchObject({ color: '#1677ff', circle: { center: [114, 22], radius: 500 } });
    expect(shapes[1]).toMatchObject({
      color: '#ff3141',
      ring: [
        [114, 22],
        [114.1, 22],
        [114.1, 22.1],
      ],
    });
  });

  it('账单 of a rider without a contract says there are no bills instead of loading forever', () => {
    const me = { contracts: [] };
    // no contract: the bills are never asked, so they stay null — still 'none', not a skeleton
    expect(billsView({ me, contract: undefined, failure: null }, null)).toBe('none');
    expect(billsView({ me: null, contract: undefined, failure: null }, null)).toBe('loading');
    expect(billsView({ me: null, contract: undefined, failure: '网络错误' }, null)).toBe('failed');
    const contract = { contractId: 1 };
    expect(billsView({ me, contract, failure: null }, null)).toBe('loading');
    expect(billsView({ me, contract, failure: null }, [])).toBe('list');
  });
});
