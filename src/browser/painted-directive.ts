/**
 * `client:painted`, the member pages' island directive (scripts/painted-directive.mjs registers it;
 * issue #23, docs/decisions/0029-first-paint-islands-after-the-first-frame.md). An island starts
 * only after the page's first frame: the window's `load`, then the browser's report of the first
 * contentful paint (Paint Timing), then two animation frames (the second runs once the first has
 * been produced; the only wait where Paint Timing is missing), then an idle moment
 * (`requestIdleCallback` with a timeout; `setTimeout` where it is missing). Astro's `client:idle` waits for an idle moment only
 * (Astro 7.3: not even for `load`), and with the styles inline and a ~19 KB document one can come
 * while the document is still parsed, before Chrome's first frame: the island's
 * chunk and React's were then requested before the first paint, and Lighthouse's pessimistic FCP
 * estimate counted them as render-blocking (a page jumped from ~1.2× to ~1.7× of the static page).
 *
 * `client:painted={{ visible: true }}`, for islands below the fold: after the first frame, waits
 * until the island is on screen (an IntersectionObserver on its children, as `client:visible`) and
 * starts it then, without the idle wait.
 *
 * Astro compiles this file with esbuild into an inline script per page that uses it; its hash is
 * in the Content-Security-Policy with the built-in directives' (Astro hashes every registered
 * directive's script).
 */
import type { ClientDirective } from 'astro';

export interface PaintedOptions {
  /** Also wait until the island is on screen (`client:visible`'s IntersectionObserver). */
  visible?: boolean;
  /** The observer's rootMargin, with `visible`. */
  rootMargin?: string;
  /** requestIdleCallback's timeout in ms (default 2000): a busy page still gets its islands. Not with `visible`. */
  timeout?: number;
}

/** The part of PerformanceObserver the directive uses. */
interface PaintObserver {
  observe(options: { type: 'paint'; buffered: true }): void;
  disconnect(): void;
}

/** What the directive needs of `window` (a parameter, so a test can drive the events, frames and idle moments). */
export interface PaintWindow {
  document: { readyState: DocumentReadyState };
  addEventListener(type: 'load', listener: () => void, options: { once: true }): void;
  requestAnimationFrame(callback: () => void): unknown;
  requestIdleCallback?: (callback: () => void, options: { timeout: number }) => unknown;
  setTimeout(callback: () => void, ms: number): unknown;
  PerformanceObserver?: {
    new (callback: (list: { getEntriesByName(name: string): unknown[] }) => void): PaintObserver;
    readonly supportedEntryTypes?: readonly string[];
  };
}

export const DEFAULT_IDLE_TIMEOUT = 2000;
/** Without requestIdleCallback (Safari): this long after the frames, as Astro's client:idle waits without it. */
const NO_IDLE_CALLBACK_DELAY = 200;
/** The longest wait for the first contentful paint's report after `load` (a page that paints nothing contentful). */
export const PAINT_REPORT_CAP = 3000;

/** Resolves on the window's `load` (at once when it has fired). */
function loaded(win: PaintWindow): Promise<void> {
  return new Promise<void>((resolve) => {
    if (win.document.readyState === 'complete') resolve();
    else win.addEventListener('load', () => resolve(), { once: true });
  });
}

/**
 * Resolves once the browser has reported the first contentful paint (Paint Timing: the entry comes
 * after the frame was presented, the moment a trace's FCP marks), at the latest `cap` ms after the
 * call; at once where Paint Timing is missing.
 */
export function contentfulPaintReported(win: PaintWindow, cap: number): Promise<void> {
  return new Promise<void>((resolve) => {
    const Observer = win.PerformanceObserver;
    if (!Observer?.supportedEntryTypes?.includes('paint')) return resolve();
    const observer = new Observer((list) => {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      resolve();
    });
    observer.observe({ type: 'paint', buffered: true });
    win.setTimeout(() => {
      observer.disconnect();
      resolve();
    }, cap);
  });
}

/** Two animation frames: the second runs once the frame of the first has been produced. */
function twoFrames(win: PaintWindow): Promise<void> {
  return new Promise<void>((resolve) => win.requestAnimationFrame(() => win.requestAnimationFrame(() => resolve())));
}

/**
 * Resolves after `load`, the first contentful paint's report and two frames; one promise per page,
 * shared by its islands. The frames alone were not enough: with `load`, two frames and an idle
 * callback only, /account/address still had its island's scripts requested before the trace's FCP
 * in two of three runs of one `bench:lighthouse` (the first frame presented later than its
 * animation frames ran).
 */
export async function firstFrameAfterLoad(win: PaintWindow): Promise<void> {
  await loaded(win);
  await contentfulPaintReported(win, PAINT_REPORT_CAP);
  await twoFrames(win);
}

/** Resolves in the next idle moment (at the latest after `timeout` ms). */
export function idleMoment(win: PaintWindow, timeout: number): Promise<void> {
  return new Promise<void>((resolve) => {
    if (win.requestIdleCallback) win.requestIdleCallback(() => resolve(), { timeout });
    else win.setTimeout(resolve, NO_IDLE_CALLBACK_DELAY);
  });
}

/** Resolves when one of `el`'s children comes on screen. */
function onScreen(el: HTMLElement, rootMargin: string | undefined): Promise<void> {
  return new Promise<void>((resolve) => {
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        resolve();
      },
      { rootMargin },
    );
    for (const child of el.children) observer.observe(child);
  });
}

let painted: Promise<void> | undefined;

const paintedDirective: ClientDirective = async (load, options, el) => {
  // Astro types the value as the attribute's string; an object given in the template arrives as that object.
  const value: unknown = options.value;
  const opts: PaintedOptions = typeof value === 'object' && value ? value : {};
  painted ??= firstFrameAfterLoad(window);
  await painted;
  // On screen: at once, as client:visible (the member scrolled to it; the first frame is long gone).
  if (opts.visible) await onScreen(el, opts.rootMargin);
  else await idleMoment(window, opts.timeout ?? DEFAULT_IDLE_TIMEOUT);
  const hydrate = await load();
  await hydrate();
};

export default paintedDirective;
