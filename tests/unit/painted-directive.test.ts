// `client:painted` (src/browser/painted-directive.ts, ADR 0029): an island starts only after `load`,
// the first contentful paint's report and two frames, then in an idle moment. Driven here by a window whose events, frames and
// idle moments the test releases one by one.
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_IDLE_TIMEOUT,
  firstFrameAfterLoad,
  idleMoment,
  PAINT_REPORT_CAP,
  type PaintWindow,
} from '../../src/browser/painted-directive';

function fakeWindow(readyState: DocumentReadyState, { idleCallback = true, paintTiming = true } = {}) {
  const load: (() => void)[] = [];
  let frames: (() => void)[] = [];
  const idle: { callback: () => void; timeout: number }[] = [];
  const timers: { callback: () => void; ms: number }[] = [];
  const observers: { report: () => void; disconnected: boolean }[] = [];
  class FakeObserver {
    entry = { report: () => {}, disconnected: false };
    constructor(callback: (list: { getEntriesByName(name: string): unknown[] }) => void) {
      this.entry.report = () =>
        callback({ getEntriesByName: (name: string) => (name === 'first-contentful-paint' ? [{ name, startTime: 1 }] : []) });
      observers.push(this.entry);
    }
    static supportedEntryTypes = paintTiming ? ['paint', 'navigation'] : ['navigation'];
    observe() {}
    disconnect() {
      this.entry.disconnected = true;
    }
  }
  const win: PaintWindow = {
    document: { readyState },
    addEventListener: (_type, listener) => load.push(listener),
    requestAnimationFrame: (callback) => frames.push(callback),
    setTimeout: (callback, ms) => timers.push({ callback, ms }),
    PerformanceObserver: FakeObserver,
    ...(idleCallback
      ? { requestIdleCallback: (callback: () => void, options: { timeout: number }) => idle.push({ callback, ...options }) }
      : {}),
  };
  const frame = () => {
    const due = frames;
    frames = [];
    for (const callback of due) callback();
  };
  /** The browser reports the first contentful paint to every observer still connected. */
  const paint = () => {
    for (const o of observers) if (!o.disconnected) o.report();
  };
  return { win, load, frame, paint, idle, timers, observers, pendingFrames: () => frames.length };
}

/** Whether the promise has settled once the microtasks queued so far have run. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  await new Promise((resolve) => setImmediate(resolve));
  return done;
}

describe('firstFrameAfterLoad', () => {
  it('waits for load, then the first contentful paint reported, then the second frame after it', async () => {
    const w = fakeWindow('interactive');
    const painted = firstFrameAfterLoad(w.win);
    await settled(painted);
    expect(w.observers, 'nothing observed before load').toHaveLength(0);
    expect(w.load).toHaveLength(1);
    w.load[0]!();
    await settled(painted);
    expect(w.observers).toHaveLength(1);
    w.frame();
    w.frame();
    expect(w.pendingFrames(), 'no frame asked for before the paint is reported').toBe(0);
    expect(await settled(painted)).toBe(false);
    w.paint();
    expect(await settled(painted), 'reported, no frame yet').toBe(false);
    expect(w.observers[0]!.disconnected).toBe(true);
    w.frame();
    expect(await settled(painted), 'one frame').toBe(false);
    w.frame();
    expect(await settled(painted), 'two frames').toBe(true);
  });

  it('after load already: no load listener', async () => {
    const w = fakeWindow('complete');
    const painted = firstFrameAfterLoad(w.win);
    await settled(painted);
    expect(w.load).toHaveLength(0);
    w.paint();
    await settled(painted);
    w.frame();
    w.frame();
    expect(await settled(painted)).toBe(true);
  });

  it('a paint never reported (nothing contentful): the frames after the cap', async () => {
    const w = fakeWindow('complete');
    const painted = firstFrameAfterLoad(w.win);
    await settled(painted);
    expect(w.timers.map((t) => t.ms)).toEqual([PAINT_REPORT_CAP]);
    w.timers[0]!.callback();
    await settled(painted);
    w.frame();
    w.frame();
    expect(await settled(painted)).toBe(true);
    expect(w.observers[0]!.disconnected).toBe(true);
  });

  it('without Paint Timing: load and two frames', async () => {
    const w = fakeWindow('complete', { paintTiming: false });
    const painted = firstFrameAfterLoad(w.win);
    await settled(painted);
    expect(w.observers).toHaveLength(0);
    w.frame();
    expect(await settled(painted)).toBe(false);
    w.frame();
    expect(await settled(painted)).toBe(true);
  });
});

describe('idleMoment', () => {
  it('requestIdleCallback with the timeout given', async () => {
    const w = fakeWindow('complete');
    const idle = idleMoment(w.win, DEFAULT_IDLE_TIMEOUT);
    expect(w.idle.map((i) => i.timeout)).toEqual([DEFAULT_IDLE_TIMEOUT]);
    expect(await settled(idle)).toBe(false);
    w.idle[0]!.callback();
    expect(await settled(idle)).toBe(true);
  });

  it('without requestIdleCallback (Safari): a timer', async () => {
    const w = fakeWindow('complete', { idleCallback: false });
    const idle = idleMoment(w.win, DEFAULT_IDLE_TIMEOUT);
    expect(w.timers).toHaveLength(1);
    w.timers[0]!.callback();
    expect(await settled(idle)).toBe(true);
  });
});
