import { type NewsForm, NewsFormSchema } from '../../../lib/schemas/konten';
import { inTransaction } from '../../db/client';
import { insertNews, updateNews, updateNewsStatus } from '../../db/queries/news';
import { AppError } from '../../errors';
import { parseWith } from '../../http';
import { forgetDashboardContent } from '../dashboard/shared-content';
import { type Actor, assertRole } from '../operator/assert-role';
import { recordAudit } from '../operator/record-audit';
import { findNews } from './find-news';
import { sanitizeNews } from './sanitize-news';

const snapshot = (row: { title: string; content: string; status: number; menuReg: boolean; menuUpg: boolean }) => ({
  title: row.title,
  content: row.content,
  status: row.status,
  menu_reg: row.menuReg,
  menu_upg: row.menuUpg,
});

/**
 * Creates (publicId undefined, as a draft: status 0) or edits a news item. The HTML is sanitised
 * before it is stored, and again when it is shown. Audited in the same transaction.
 */
export async function saveNews(publicId: string | undefined, input: NewsForm, by: Actor): Promise<{ publicId: string }> {
  assertRole(by, ['KONTEN']);
  const data = parseWith(NewsFormSchema, input);
  const content = sanitizeNews(data.content);
  if (!content.replace(/<[^>]*>/g, '').trim())
    throw new AppError('BAD_INPUT', 'Isi berita kosong setelah dibersihkan', { content: 'Isi berita kosong setelah dibersihkan' });
  const values = { title: data.title, content, menuReg: data.menu_reg, menuUpg: data.menu_upg };
  const saved = await inTransaction(async (tx) => {
    if (!publicId) {
      const row = await insertNews(tx, { ...values, status: 0 });
      await recordAudit(tx, by, 'news:create', `news:${row.publicId}`, null, snapshot(row));
      return { publicId: row.publicId };
    }
    const before = await findNews(publicId, tx);
    const row = await updateNews(tx, before.id, values);
    await recordAudit(tx, by, 'news:update', `news:${publicId}`, snapshot(before), snapshot(row));
    return { publicId };
  });
  forgetDashboardContent();
  return saved;
}

/** Publishes (status 1) or takes back (status 0) a news item; members see only published ones. */
export async function setNewsStatus(publicId: string, publish: boolean, by: Actor): Promise<string> {
  assertRole(by, ['KONTEN']);
  const message = await inTransaction(async (tx) => {
    const before = await findNews(publicId, tx);
    const status = publish ? 1 : 0;
    if (before.status === status) return publish ? 'Berita sudah terbit' : 'Berita sudah tidak terbit';
    await updateNewsStatus(tx, before.id, status);
    await recordAudit(tx, by, publish ? 'news:publish' : 'news:unpublish', `news:${publicId}`, { status: before.status }, { status });
    return publish ? `Berita "${before.title}" diterbitkan` : `Berita "${before.title}" ditarik dari member`;
  });
  forgetDashboardContent();
  return message;
}
