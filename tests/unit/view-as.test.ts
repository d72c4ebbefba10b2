import { describe, expect, it } from 'vitest';
import type { SessionMember } from '../../src/server/services/auth/session-member';
import { VIEW_AS_REFUSED, viewOnlyRefusal } from '../../src/server/view-as';

const member: SessionMember = {
  id: 7,
  publicId: '00000000-0000-0000-0000-000000000007',
  idMember: '1000000007',
  username: 'budi7',
  nama: 'Budi',
  email: 'budi@contoh.id',
  posisi: 'BRONZE',
  stokis: false,
  statusKodeetik: true,
  isSuspended: false,
  hasDomisili: true,
  kodeReferal: 'BUDI7',
  path: '01',
  depth: 2,
};

describe('viewOnlyRefusal (ADR 0022)', () => {
  it('refuses every write of a view-as session, as JSON on the API and as text on pages', async () => {
    const viewing = { ...member, viewAs: 'Citra CS' };
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'post']) {
      const page = viewOnlyRefusal(viewing, method, '/account/profile', false);
      expect(page?.status).toBe(403);
      expect(await page?.text()).toBe(VIEW_AS_REFUSED);
      const api = viewOnlyRefusal(viewing, method, '/member/account/x', true);
      expect(api?.status).toBe(403);
      expect(await api?.json()).toMatchObject({ success: false, message: VIEW_AS_REFUSED });
    }
  });

  it('lets reads through, and the logout that ends the view', () => {
    const viewing = { ...member, viewAs: 'Citra CS' };
    for (const method of ['GET', 'HEAD', 'OPTIONS']) expect(viewOnlyRefusal(viewing, method, '/account/profile', false)).toBeUndefined();
    expect(viewOnlyRefusal(viewing, 'POST', '/logout', false)).toBeUndefined();
  });

  it('leaves the member own session and signed-out requests alone', () => {
    expect(viewOnlyRefusal(member, 'POST', '/account/profile', false)).toBeUndefined();
    expect(viewOnlyRefusal({ ...member, viewAs: null }, 'PUT', '/member/account/x', true)).toBeUndefined();
    expect(viewOnlyRefusal(undefined, 'POST', '/signin', false)).toBeUndefined();
  });
});
