// Browser tests and page benchmarks drive Debian's Chromium; install it when it is missing.
// The tests use Debian's headless shell (package chromium-headless-shell: the same Chromium engine
// without the desktop browser around it, as Playwright's own default for headless runs; about a
// third of the CPU per test on these 2-core machines). The page benchmarks and Lighthouse use the
// whole browser (package chromium), as a member's phone runs it. CHROMIUM_PATH overrides both.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

const BROWSERS = {
  tests: { path: '/usr/bin/chromium-headless-shell', packages: ['chromium-headless-shell', 'fonts-liberation'] },
  full: { path: '/usr/bin/chromium', packages: ['chromium', 'fonts-liberation'] },
};

export const CHROMIUM = process.env.CHROMIUM_PATH || BROWSERS.full.path;

/** The browser's path for `kind` ('tests' or 'full'), installed with apt-get first when missing. */
export function ensureChromium(kind = 'full') {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  const browser = BROWSERS[kind];
  if (fs.existsSync(browser.path)) return browser.path;
  if (process.getuid?.() !== 0) {
    throw new Error(
      `Chromium tidak ditemukan di ${browser.path}. Pasang dengan: sudo apt-get update && sudo apt-get install -y ${browser.packages.join(' ')}`,
    );
  }
  console.log(`[test] memasang Chromium (apt-get install ${browser.packages.join(' ')})…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', ...browser.packages], { stdio: 'inherit', env });
  return browser.path;
}

if (import.meta.url === `file://${process.argv[1]}`) ensureChromium(process.argv[2] === 'tests' ? 'tests' : 'full');
