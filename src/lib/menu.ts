/** The side menu of spec/000 §2: groups, entries, and the stockist-only ones. */
export interface MenuItem {
  label: string;
  href: string;
  stokisOnly?: boolean;
}

export interface MenuGroup {
  label: string;
  items: MenuItem[];
  stokisOnly?: boolean;
}

export const menu: MenuGroup[] = [
  { label: 'Dashboard', items: [{ label: 'Dashboard', href: '/' }] },
  {
    label: 'Transaksi',
    items: [
      { label: 'Order Transaksi', href: '/transaksi/order-transaksi' },
      { label: 'Retur', href: '/transaksi/retur' },
      { label: 'Cek Ongkir', href: '/transaksi/cek-ongkir' },
    ],
  },
  {
    label: 'Report',
    items: [
      { label: 'Jaringan', href: '/report/tree' },
      { label: 'Downline', href: '/report/downline-report' },
      { label: 'Omset', href: '/report/omset' },
      { label: 'Bonus Harian', href: '/report/bonus-harian' },
      { label: 'Bonus Bulanan', href: '/report/bonus-bulanan' },
      { label: 'Penarikan Bonus', href: '/report/penarikan-bonus' },
      { label: 'Annual Pairing', href: '/report/annual-pairing' },
      { label: 'PPh', href: '/report/pph' },
    ],
  },
  {
    label: 'Reward Direct Sponsor',
    items: [
      { label: 'Promo Berjalan', href: '/reward-promo/ongoing' },
      { label: 'Promo Selesai', href: '/reward-promo/completed' },
    ],
  },
  {
    label: 'Bonus',
    items: [
      { label: 'Rincian Bonus', href: '/bonus/rincian-bonus' },
      { label: 'Withdraw', href: '/bonus/withdraw' },
    ],
  },
  { label: 'Stokis', stokisOnly: true, items: [{ label: 'Stokis Report', href: '/stokis/stokis-report', stokisOnly: true }] },
  { label: 'Informasi', items: [{ label: 'News & Tips', href: '/news/informasi' }] },
];

/** The menu a member sees: stockist entries only for stockists. */
export function menuFor(stokis: boolean): MenuGroup[] {
  return menu
    .filter((group) => stokis || !group.stokisOnly)
    .map((group) => ({ ...group, items: group.items.filter((item) => stokis || !item.stokisOnly) }));
}

export function isActive(href: string, path: string): boolean {
  return href === '/' ? path === '/' : path === href || path.startsWith(`${href}/`);
}

/** The phone's bottom bar (issue #23): the documents' own groups, each the home of the pages it marks. */
export interface BottomNavItem {
  label: string;
  href: string;
  /** Path prefixes that mark this entry as the current one. */
  marks: string[];
  icon: 'home' | 'tree' | 'cart' | 'wallet' | 'user';
}

export const bottomNav: BottomNavItem[] = [
  { label: 'Dashboard', href: '/', marks: ['/'], icon: 'home' },
  { label: 'Jaringan', href: '/report/tree', marks: ['/report/tree', '/report/downline-report'], icon: 'tree' },
  { label: 'Order', href: '/transaksi/order-transaksi', marks: ['/transaksi'], icon: 'cart' },
  {
    label: 'Bonus',
    href: '/bonus/rincian-bonus',
    marks: ['/bonus', '/report/bonus-harian', '/report/bonus-bulanan', '/report/penarikan-bonus'],
    icon: 'wallet',
  },
  { label: 'Akun', href: '/account/profile', marks: ['/account'], icon: 'user' },
];

/** The bottom-bar entry the page belongs to (at most one), or undefined for pages of the "Lainnya" menu. */
export function currentBottomNav(path: string): BottomNavItem | undefined {
  return bottomNav.find((item) => item.marks.some((mark) => isActive(mark, path)));
}
