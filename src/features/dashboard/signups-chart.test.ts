import { describe, expect, it } from 'vitest';
import { dayLabel, runningTotals, valueTicks } from './signups-chart';

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

describe('the sign-ups chart: day labels', () => {
  const labelled = (days: number, kind: string) =>
    Array.from({ length: days }, (_, i) => days - 1 - i).filter((fromEnd) => {
      const label = dayLabel(fromEnd, days);
      return label === 'block' || label === (kind === 'wide' ? 'hidden lg:block' : 'block lg:hidden');
    });

  it('labels the first, middle and last days on a phone, about ten from 1024 px, for each range', () => {
    expect(labelled(7, 'phone')).toEqual([6, 3, 0]);
    expect(labelled(30, 'phone')).toEqual([29, 15, 0]);
    expect(labelled(90, 'phone')).toEqual([89, 45, 0]);
    expect(labelled(7, 'wide')).toHaveLength(7);
    expect(labelled(30, 'wide')).toEqual([27, 24, 21, 18, 15, 12, 9, 6, 3, 0]);
    expect(labelled(90, 'wide')).toHaveLength(10);
  });
});

describe('the sign-ups chart: the area', () => {
  it('climbs by each day’s sign-ups, flat on days without any', () => {
    expect(runningTotals([0, 2, 0, 0, 5, 1])).toEqual([0, 2, 2, 2, 7, 8]);
    expect(runningTotals([])).toEqual([]);
  });
});
