import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';

/**
 * The seeded test templates are cached per user, keyed by the sources that seed them and the
 * Jakarta day (scripts/template-cache.mjs), shared by every clone and worktree of the machine. A
 * run keeps its own key and removes what no run needs, never another checkout's key in use today.
 */
const cache = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-template-cache-'));
vi.stubEnv('PORTAL_TEMPLATE_CACHE', cache);
vi.resetModules();
const { CACHE_ROOT, cachedDataDir, pruneDataDirs, templateKey } = await import('../../scripts/template-cache.mjs');
afterAll(() => {
  fs.rmSync(cache, { recursive: true, force: true });
  vi.resetModules();
});

describe('the template cache', () => {
  it('lives where PORTAL_TEMPLATE_CACHE says, one folder per key (<Jakarta day>_<hash of the seeding sources>)', () => {
    expect(CACHE_ROOT).toBe(cache);
    expect(templateKey()).toMatch(/^\d{8}_[0-9a-f]{12}$/);
    expect(cachedDataDir('year')).toBe(path.join(cache, templateKey(), 'year'));
  });

  it('keeps its own key and another key of today in use; removes earlier days, idle keys and stray folders', () => {
    const today = templateKey().slice(0, 8);
    const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);
    const folders = {
      own: templateKey(),
      otherInUse: `${today}_aaaaaaaaaaaa`,
      otherIdle: `${today}_bbbbbbbbbbbb`,
      yesterday: `${String(Number(today) - 1)}_${templateKey().slice(9)}`,
      stray: 'not-a-key',
    };
    for (const name of Object.values(folders)) fs.mkdirSync(path.join(cache, name, 'small'), { recursive: true });
    fs.utimesSync(path.join(cache, folders.own), hoursAgo(5), hoursAgo(5));
    fs.utimesSync(path.join(cache, folders.otherIdle), hoursAgo(2), hoursAgo(2));

    pruneDataDirs();

    expect(fs.readdirSync(cache).sort()).toEqual([folders.own, folders.otherInUse].sort());
    // Its own key is marked as in use, so another checkout's run leaves it alone for the next hour.
    expect(Date.now() - fs.statSync(path.join(cache, folders.own)).mtimeMs).toBeLessThan(60_000);
    expect(fs.existsSync(path.join(cache, folders.own, 'small'))).toBe(true);
  });
});
