import { $addresses, type SavedAddress } from '../../stores/addresses';
import { call, callWithMessage } from '../OrderStepper/api';

const URL = '/member/shipping-address';

/** Lists the member's addresses into $addresses (GET /member/shipping-address). */
export async function loadAddresses(): Promise<SavedAddress[]> {
  const { rows } = await call<{ rows: SavedAddress[] }>('GET', URL);
  $addresses.set(rows);
  syncBell(rows.length);
  return rows;
}

export interface AddressBody {
  label: string;
  nama: string;
  phone: string;
  alamat: string;
  kelurahan_id: string;
  kode_pos?: string | undefined;
  is_default: boolean;
}

/** Adds (no publicId) or updates an address, then reloads the list; answers the saved id and message. */
export async function saveAddress(publicId: string | undefined, body: AddressBody): Promise<{ public_id: string; message: string }> {
  const { result, message } = publicId
    ? await callWithMessage<{ public_id: string }>('PUT', `${URL}/${publicId}`, body)
    : await callWithMessage<{ public_id: string }>('POST', URL, body);
  await loadAddresses();
  return { public_id: result.public_id, message: message ?? 'Alamat berhasil disimpan' };
}

export async function deleteAddress(publicId: string): Promise<string> {
  const { message } = await callWithMessage<null>('DELETE', `${URL}/${publicId}`);
  await loadAddresses();
  return message ?? 'Alamat berhasil dihapus';
}

/**
 * The server-rendered alerts bell (src/components/Layout.astro) drops or shows "Alamat pengiriman
 * belum ada" as the address book fills or empties, without a page load.
 */
function syncBell(count: number): void {
  const list = document.querySelector('#bell ul');
  const summary = document.querySelector('#bell summary');
  if (!list || !summary) return;
  const item = list.querySelector('a[href="/account/address"]')?.closest('li');
  if (count > 0) item?.remove();
  else if (!item) {
    const li = document.createElement('li');
    li.dir = 'ltr';
    const link = document.createElement('a');
    link.href = '/account/address';
    link.textContent = 'Alamat pengiriman belum ada';
    li.append(link);
    list.querySelector('li:not(:has(a))')?.remove();
    list.append(li);
  }
  const alerts = list.querySelectorAll('li a').length;
  summary.setAttribute('aria-label', `Pemberitahuan: ${alerts}`);
  let badge = summary.querySelector('.bell-count');
  if (alerts === 0) {
    badge?.remove();
    if (!list.querySelector('li')) {
      const li = document.createElement('li');
      li.dir = 'ltr';
      li.textContent = 'Tidak ada pemberitahuan';
      list.append(li);
    }
    return;
  }
  if (!badge) {
    badge = document.createElement('span');
    badge.className = 'bell-count';
    summary.append(badge);
  }
  badge.textContent = String(alerts);
}
