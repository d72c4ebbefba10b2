import { createContext } from 'astro/middleware';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import Dashboard from '../../src/pages/index.astro';
import { POST as acceptForm } from '../../src/pages/kode-etik';
import { getDb } from '../../src/server/db/client';
import { members } from '../../src/server/db/schema';
import { resolveSession } from '../../src/server/services/auth/sessions';
import { signIn } from '../../src/server/services/auth/sign-in';
import { createContainer } from './container';

// The browser cannot reach this state (demobaru is first sent to complete the domicile, and the
// generated members have accepted), so the dashboard is rendered here for a flipped member.
const ID = '1000000240';

async function dashboardFor(token: string): Promise<string> {
  const member = await resolveSession(token);
  const container = await createContainer();
  const html = await container.renderToString(Dashboard, { locals: { member }, request: new Request('http://portal.test/') });
  // Development rendering adds source annotations; drop them to read the markup a member gets.
  return html.replace(/ data-astro-source-(?:file|loc)="[^"]*"/g, '');
}

async function postForm(token: string, form: Record<string, string>) {
  const member = await resolveSession(token);
  const request = new Request('http://portal.test/kode-etik', { method: 'POST', body: new URLSearchParams(form) });
  const ctx = createContext({ request, locals: { member }, defaultLocale: 'id' });
  const response = await acceptForm(ctx as never);
  return { response, flash: [...(ctx.cookies as { headers(): Iterable<string> }).headers()].join() };
}

describe('code-of-ethics modal on the dashboard', () => {
  it('blocks a member who has not accepted until the box is ticked and Setuju is pressed', async () => {
    const db = await getDb();
    await db.update(members).set({ statusKodeetik: false }).where(eq(members.idMember, ID));
    const { token, user } = await signIn({ username: ID, password: 'rahasia123', remember: false }, { address: '192.0.2.40' });

    const html = await dashboardFor(token);
    const dialog = /<dialog[^>]*id="kode-etik"[^>]*>([\s\S]*?)<\/dialog>/.exec(html);
    expect(dialog?.[0]).toMatch(/<dialog[^>]* open/);
    expect(dialog?.[0]).toMatch(/aria-modal="true"/);
    expect(dialog![1]).toContain('action="/kode-etik"');
    expect(dialog![1]).toContain(`name="id" value="${user.publicId}"`);
    expect(dialog![1]).toMatch(/<input type="checkbox" name="agree" required[^>]*>/);
    expect(dialog![1]).not.toMatch(/name="agree"[^>]*checked/);
    expect(dialog![1]).toMatch(/<button type="submit">Setuju<\/button>/);
    // The undercutting warning (spec/001 §9) names all three sanctions.
    const warning = /id="undercutting-warning"[^>]*>([^<]*)</.exec(dialog![1])?.[1] ?? '';
    expect(warning).toContain('penangguhan (suspend) akun');
    expect(warning).toContain('pidana penjara hingga 12 tahun');
    expect(warning).toMatch(/denda hingga Rp\s[\d.]+/);

    // Pressing Setuju without the tick changes nothing and says why.
    const unticked = await postForm(token, { id: user.publicId });
    expect(unticked.response.status).toBe(303);
    expect(decodeURIComponent(unticked.flash)).toContain('Centang persetujuan kode etik terlebih dahulu');
    expect((await db.select({ s: members.statusKodeetik }).from(members).where(eq(members.idMember, ID)))[0]!.s).toBe(false);
    expect(await dashboardFor(token)).toContain('id="kode-etik"');

    // Ticked: accepted, and the dashboard no longer shows the modal.
    const ticked = await postForm(token, { id: user.publicId, agree: 'on' });
    expect(ticked.response.headers.get('location')).toBe('/');
    expect(decodeURIComponent(ticked.flash)).toContain('Terima kasih, kode etik telah disetujui');
    expect((await db.select({ s: members.statusKodeetik }).from(members).where(eq(members.idMember, ID)))[0]!.s).toBe(true);
    expect(await dashboardFor(token)).not.toContain('id="kode-etik"');
  });

  it('members who accepted never see it', async () => {
    const { token } = await signIn({ username: 'demoplatinum', password: 'rahasia123', remember: false }, { address: '192.0.2.41' });
    const html = await dashboardFor(token);
    expect(html).toContain('Demo Platinum');
    expect(html).not.toContain('id="kode-etik"');
  });
});
