import { getBanners } from './get-banners';
import { listNews } from '../news/list-news';

/**
 * What the dashboard shows every member alike (the carousel banners and the 5 newest news,
 * sanitised), kept per process for a few seconds so a busy dashboard does not read and sanitise
 * them on every request. Operators publish from another process (`npm run ops`), so there is no
 * event to clear it on: a change shows within CONTENT_MS, like the settings cache.
 */
export const CONTENT_MS = 5_000;

function cachedFor<T>(ms: number, load: () => Promise<T>): () => Promise<T> {
  let kept: { at: number; value: Promise<T> } | undefined;
  return () => {
    if (!kept || Date.now() - kept.at > ms) {
      const value = load();
      kept = { at: Date.now(), value };
      // A failed read is not kept: the next request tries again.
      value.catch(() => { if (kept?.value === value) kept = undefined; });
    }
    return kept.value;
  };
}

export const dashboardBanners = cachedFor(CONTENT_MS, () => getBanners('banner-member'));
export const dashboardNews = cachedFor(CONTENT_MS, () => listNews(1, 5));
