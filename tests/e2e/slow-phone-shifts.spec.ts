import { expect, signIn, test } from './fixtures';

// A slow phone paints what it has read of a page so far, then the rest. The dashboard's cards used
// to jump when the later ones arrived: their visual order was not their order in the page (CSS
// `order`), and the grid's columns counted the cards read so far (auto-fit). On a CPU slowed 20×
// (Chromium's throttling) half the loads moved them by 0.24–0.36 of layout shift. Here the
// half-read page is made on purpose: with only the first k cards in the page, each of them stands
// where it stands in the whole page.

for (const size of [
  { width: 1280, height: 900 },
  { width: 800, height: 900 },
  { width: 360, height: 800 },
]) {
  test(`the dashboard's first cards stand where they stay while the later ones are still unread (${size.width} px)`, async ({ page }) => {
    await page.setViewportSize(size);
    await signIn(page, 'demoplatinum');
    await page.goto('/');
    const moved = await page.evaluate(() => {
      const grid = document.querySelector('#my-numbers')!;
      const cards = [...grid.children] as HTMLElement[];
      const where = (card: HTMLElement) => {
        const r = card.getBoundingClientRect();
        return `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}`;
      };
      const whole = cards.map(where);
      const found: string[] = [];
      // The first k cards alone, from all but one down to one: none of them moves or changes width.
      for (let k = cards.length - 1; k >= 1; k--) {
        cards[k]!.remove();
        for (let i = 0; i < k; i++) {
          if (where(cards[i]!) !== whole[i]) found.push(`${cards[i]!.id} with ${k} card(s): ${whole[i]} -> ${where(cards[i]!)}`);
        }
      }
      return { found, count: cards.length };
    });
    expect(moved.count).toBeGreaterThanOrEqual(5);
    expect(moved.found).toEqual([]);
  });
}
