import { CONNECTION_LOST, exportProgressText } from '../lib/export-progress';

/**
 * An export link with progress (issue #24: a 100,000-row CSV streams from the server; the member
 * sees it coming instead of a silent wait). A link `a[data-export-rows]` still downloads the file
 * on its own without JavaScript; here a plain click fetches it instead, counts its lines as they
 * arrive into the `<progress>` and the status line beside it, then saves it under the server's file
 * name. A failed export is left to the link (the server answers "Gagal export file" on the page).
 */
function fileNameOf(response: Response): string {
  const found = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '');
  return found?.[1] ?? 'export.csv';
}

async function download(link: HTMLAnchorElement, bar: HTMLProgressElement, status: HTMLElement): Promise<void> {
  const expected = Number(link.dataset.exportRows) || 0;
  const show = (rows: number, done = false) => {
    status.textContent = exportProgressText(rows, expected, done);
    if (expected > 0) {
      bar.max = expected;
      bar.value = Math.min(rows, expected);
    } else if (done) bar.value = bar.max;
    else bar.removeAttribute('value');
  };
  bar.hidden = false;
  status.hidden = false;
  link.setAttribute('aria-disabled', 'true');
  show(0);
  try {
    let response: Response;
    try {
      response = await fetch(link.href, { credentials: 'same-origin' });
    } catch {
      status.textContent = CONNECTION_LOST;
      bar.hidden = true;
      return;
    }
    if (!response.ok || !response.body || !(response.headers.get('content-type') ?? '').startsWith('text/csv')) {
      window.location.assign(link.href);
      return;
    }
    const parts: Uint8Array[] = [];
    let lines = 0;
    const reader = response.body.getReader();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      parts.push(chunk.value);
      for (const byte of chunk.value) if (byte === 10) lines++;
      // The first line is the header row.
      show(Math.max(0, lines - 1));
    }
    const rows = Math.max(0, lines - 1);
    show(rows, true);
    const url = URL.createObjectURL(new Blob(parts as BlobPart[], { type: 'text/csv;charset=utf-8' }));
    const save = Object.assign(document.createElement('a'), { href: url, download: fileNameOf(response) });
    document.body.append(save);
    save.click();
    save.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  } catch {
    status.textContent = CONNECTION_LOST;
    bar.hidden = true;
  } finally {
    link.removeAttribute('aria-disabled');
  }
}

for (const link of document.querySelectorAll<HTMLAnchorElement>('a[data-export-rows]')) {
  const holder = link.closest('[data-export]');
  const bar = holder?.querySelector<HTMLProgressElement>('progress');
  const status = holder?.querySelector<HTMLElement>('[data-export-status]');
  if (!bar || !status) continue;
  link.addEventListener('click', (event) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    if (link.getAttribute('aria-disabled') === 'true') return;
    void download(link, bar, status);
  });
}
