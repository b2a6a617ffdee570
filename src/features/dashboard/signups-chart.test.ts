import { describe, expect, it } from 'vitest';
import { valueTicks } from './signups-chart';

describe('the sign-ups chart: value axis', () => {
  it('counts 0 to 4 when there are few sign-ups (or none)', () => {
    expect(valueTicks(0)).toEqual([0, 1, 2, 3, 4]);
    expect(valueTicks(3)).toEqual([0, 1, 2, 3, 4]);
  });

  it('steps by 1, 2 or 5 × 10ⁿ up to a top at or above the highest day', () => {
    expect(valueTicks(5)).toEqual([0, 2, 4, 6]);
    expect(valueTicks(33)).toEqual([0, 10, 20, 30, 40]);
    expect(valueTicks(40)).toEqual([0, 10, 20, 30, 40]);
    expect(valueTicks(41)).toEqual([0, 20, 40, 60]);
    expect(valueTicks(1234)).toEqual([0, 500, 1000, 1500]);
  });
});
