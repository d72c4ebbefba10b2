import { listNews } from '../news/list-news';
import { getBanners } from './get-banners';

/**
 * What the dashboard shows every member alike (the carousel banners and the 5 newest news,
 * sanitised), kept per process for a few seconds so a busy dashboard does not read and sanitise
 * them on every request. Operators publish from another process (`npm run ops`), so a change made
 * there shows within CONTENT_MS, like the settings cache; the console (same process) clears it.
 */
export const CONTENT_MS = 5_000;

const forgetters: (() => void)[] = [];

/** Drops the kept copies: an operator's change in this process shows on the next request. */
export function forgetDashboardContent(): void {
  for (const forget of forgetters) forget();
}

function cachedFor<T>(ms: number, load: () => Promise<T>): () => Promise<T> {
  let kept: { at: number; value: Promise<T> } | undefined;
  forgetters.push(() => {
    kept = undefined;
  });
  return () => {
    if (!kept || Date.now() - kept.at > ms) {
      const value = load();
      kept = { at: Date.now(), value };
      // A failed read is not kept: the next request tries again.
      value.catch(() => {
        if (kept?.value === value) kept = undefined;
      });
    }
    return kept.value;
  };
}

export const dashboardBanners = cachedFor(CONTENT_MS, () => getBanners('banner-member'));
export const dashboardNews = cachedFor(CONTENT_MS, () => listNews(1, 5));
