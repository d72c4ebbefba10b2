import { ancestorPaths } from '../network-path';
import { type ClosingEvent, isPackageEvent } from './closing-event';

/** New BV of the day per upline path, by side. */
export type DayVolume = Map<string, { left: number; right: number }>;

/**
 * The day's pairing volume (COMP_PLAN.md, Volume): registration and upgrade BV flows to every
 * upline on the side the member sits in ('0' left, '1' right in the path); repeat-order BV does not.
 */
export function dayVolume(events: readonly ClosingEvent[]): DayVolume {
  const volume: DayVolume = new Map();
  for (const event of events.filter(isPackageEvent)) {
    const { path } = event.subject;
    for (const ancestor of ancestorPaths(path)) {
      const v = volume.get(ancestor) ?? { left: 0, right: 0 };
      if (path[ancestor.length] === '0') v.left += event.total_bv;
      else v.right += event.total_bv;
      volume.set(ancestor, v);
    }
  }
  return volume;
}
