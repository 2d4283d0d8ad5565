import { describe, expect, it } from 'vitest';
import { ExternalState } from './externalState.ts';

class Counter extends ExternalState<{ count: number; label: string }> {
  constructor() {
    super({ count: 0, label: '起' });
  }
  add(): void {
    this.update({ count: this.state.count + 1 });
  }
}

describe('a state React reads from outside', () => {
  it('tells each subscriber of a change, as a new object with the other fields kept, until it unsubscribes', () => {
    const counter = new Counter();
    const before = counter.state;
    const told: number[] = [];
    const unsubscribe = counter.subscribe(() => told.push(counter.state.count));
    counter.add();
    expect(counter.state).toEqual({ count: 1, label: '起' });
    expect(counter.state).not.toBe(before);
    unsubscribe();
    counter.add();
    expect(told).toEqual([1]);
  });
});
