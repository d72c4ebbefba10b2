import { deflateSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { saveFile } from '../../integrations/files';
import type { SessionMember } from '../../services/auth/session-member';
import { RETUR_FILES_AREA } from '../../services/retur/create-return';
import { settleReturn } from '../../services/retur/operate-return';
import { submitReturnResi } from '../../services/retur/submit-resi';
import { type Db, inTransaction, selectRows } from '../client';
import type { ReturStatus } from '../schema/retur';

const DAY = 86_400_000;

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A real, tiny PNG of one colour (size × size pixels): evidence photos of the demo returns and tests. */
export function tinyPng(rgb: [number, number, number], size = 8): Uint8Array {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const raw = Buffer.alloc((size * 3 + 1) * size);
  for (let y = 0; y < size; y++) for (let x = 0; x < size; x++) raw.set(rgb, y * (size * 3 + 1) + 1 + x * 3);
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', ihdr),
      chunk('IDAT', deflateSync(raw)),
      chunk('IEND', new Uint8Array()),
    ]),
  );
}

/** An MP4-shaped file (ftyp, free and mdat boxes) of about `bytes` bytes: sniffs as video/mp4. */
export function tinyMp4(bytes = 256): Uint8Array {
  const box = (type: string, body: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(8 + body.length, 0);
    head.write(type, 4, 'ascii');
    return Buffer.concat([head, body]);
  };
  const ftyp = box('ftyp', Buffer.concat([Buffer.from('isom'), Buffer.from([0, 0, 2, 0]), Buffer.from('isomiso2mp41')]));
  const free = box('free', Buffer.alloc(0));
  const mdat = box('mdat', Buffer.alloc(Math.max(0, bytes - ftyp.length - free.length - 8), 0x11));
  return new Uint8Array(Buffer.concat([ftyp, free, mdat]));
}

const plan: ReturStatus[] = ['PENDING', 'APPROVED', 'DELIVERY', 'RECEIVED', 'DONE', 'REJECTED'];
const colours: [number, number, number][] = [
  [220, 80, 60],
  [60, 140, 220],
  [80, 180, 90],
  [230, 180, 40],
  [150, 90, 200],
  [90, 90, 90],
];

/**
 * Returns in every status for the demo (demoplatinum and demosilver get one of each when they have
 * enough received orders, a few generated members get some): requests with three evidence files,
 * moved on by the same operator and member actions the portal uses. The two newest received
 * orders of each member are left alone so 'Buat Retur' has something to offer.
 */
export async function seedReturns(db: Db, until = new Date()): Promise<void> {
  const targets = await selectRows<{ id: number; nama: string; phone: string; statuses: number }>(
    db,
    sql`
    select id::int as id, nama, phone, case when id <= 2 then 6 else 2 end as statuses from members where id in (1, 2, 6, 7, 8, 9) order by id`,
  );
  const [village] = await selectRows<{ code: string; postal_code: string | null }>(
    db,
    sql`
    select code, postal_code from villages where code like '35.78.%' order by code limit 1`,
  );
  const [product] = await selectRows<{ id: number; harga: number; dpp: number; berat: number; value: number }>(
    db,
    sql`
    select id::int as id, harga::int as harga, dpp::int as dpp, berat, value from products where kategori = 'PRODUK' and value = 0 and is_active order by id limit 1`,
  );
  if (!village || !product) return;
  let k = 0;
  for (const target of targets) {
    let [address] = await selectRows<{ id: number }>(
      db,
      sql`select id::int as id from shipping_addresses where member_id = ${target.id} order by is_default desc, id limit 1`,
    );
    if (!address) {
      [address] = await selectRows<{ id: number }>(
        db,
        sql`
        insert into shipping_addresses (member_id, label, nama, phone, alamat, kelurahan_id, kode_pos, is_default)
        values (${target.id}, 'Rumah', ${target.nama}, ${target.phone}, 'Jl. Kenjeran No. 45', ${village.code}, ${village.postal_code ?? '60111'}, true)
        returning id::int as id`,
      );
    }
    // Delivered repeat orders of a product without BV (so the bonus history stays as the closing made it):
    // the returned ones a month back, two recent ones left returnable.
    const returned: { id: number; at: Date }[] = [];
    for (let i = 0; i < target.statuses + 2; i++) {
      const back = i < target.statuses ? 32 - 4 * i : 6 - 3 * (i - target.statuses);
      const at = new Date(until.getTime() - back * DAY - 5 * 3_600_000);
      const id = await insertDeliveredOrder(db, target.id, address!.id, product, at, i % 2 ? 'RECEIVED' : 'DONE', 2 + (i % 3));
      if (i < target.statuses) returned.push({ id, at });
    }
    for (const [i, order] of returned.entries()) {
      const status = plan[(i + (target.id > 2 ? target.id : 0)) % plan.length]!;
      const tanggal = new Date(Math.min(until.getTime() - 3_600_000, order.at.getTime() + 5 * DAY));
      const colour = colours[k++ % colours.length]!;
      const files = [tinyPng(colour), tinyPng(colour.map((c) => 255 - c) as [number, number, number]), tinyMp4()];
      const names = await Promise.all(files.map((bytes, f) => saveFile(RETUR_FILES_AREA, bytes, f === 2 ? 'mp4' : 'png')));
      const noRetur = await inTransaction(async (tx) => {
        const [retur] = await selectRows<{ id: number }>(
          tx,
          sql`
          insert into retur_jual (no_retur, tanggal, deskripsi, order_id, member_id, same_address, nama_kirim, phone_kirim, alamat_kirim,
            kode_pos_kirim, kelurahan_kirim_id, kecamatan, kota, propinsi)
          select 'TMP-' || gen_random_uuid()::text, ${tanggal.toISOString()}::timestamptz,
            ${['Kemasan rusak saat diterima', 'Produk tidak sesuai pesanan', 'Segel produk terbuka'][i % 3]!},
            o.id, o.member_id, 'Y', o.nama_kirim, o.phone_kirim, o.alamat_kirim, o.kode_pos_kirim, o.kelurahan_kirim_id, d.name, g.name, p.name
          from orders o
          join villages v on v.code = o.kelurahan_kirim_id join districts d on d.code = v.district_code
          join regencies g on g.code = d.regency_code join provinces p on p.code = g.province_code
          where o.id = ${order.id}
          returning id::int as id`,
        );
        const [numbered] = await selectRows<{ no_retur: string }>(
          tx,
          sql`
          update retur_jual set no_retur = 'RTR-' || to_char(tanggal at time zone 'Asia/Jakarta', 'YYYYMMDD') || '-' || lpad(id::text, 7, '0')
          where id = ${retur!.id} returning no_retur`,
        );
        await tx.execute(sql`
          insert into retur_jual_details (retur_id, order_detail_id, product_id, qty)
          select ${retur!.id}, d.id, d.product_id, least(d.qty, 1 + ${i % 2}) from order_details d where d.order_id = ${order.id} order by d.id`);
        for (const [f, name] of names.entries()) {
          await tx.execute(sql`insert into retur_jual_files (retur_id, member_id, file, type, mime, size)
            values (${retur!.id}, ${target.id}, ${name}, ${f === 2 ? 'video' : 'image'}, ${f === 2 ? 'video/mp4' : 'image/png'}, ${files[f]!.byteLength})`);
        }
        await tx.execute(sql`insert into retur_jual_histories (retur_id, tanggal, status, id_admin, keterangan)
          values (${retur!.id}, ${tanggal.toISOString()}::timestamptz, 'PENDING', 0, 'Permintaan retur dibuat')`);
        return numbered!.no_retur;
      });
      if (status === 'REJECTED')
        await settleReturn(noRetur, 'reject', { catatan: 'Foto bukti tidak menunjukkan kerusakan produk', admin: 'Rina (Admin Retur)' });
      if (['APPROVED', 'DELIVERY', 'RECEIVED', 'DONE'].includes(status))
        await settleReturn(noRetur, 'approve', { admin: 'Rina (Admin Retur)' });
      if (['DELIVERY', 'RECEIVED', 'DONE'].includes(status)) {
        const [r] = await selectRows<{ public_id: string }>(
          db,
          sql`select public_id::text as public_id from retur_jual where no_retur = ${noRetur}`,
        );
        await submitReturnResi({ id: target.id } as SessionMember, {
          public_id: r!.public_id,
          ekspedisi: ['jne', 'jnt', 'sicepat'][i % 3]!,
          resi: `RS${String(100000 + k * 7919).slice(0, 6)}${i}`,
        });
      }
      if (['RECEIVED', 'DONE'].includes(status)) await settleReturn(noRetur, 'receive', { admin: 'Budi (Gudang Surabaya)' });
      if (status === 'DONE') await settleReturn(noRetur, 'finish', { admin: 'Rina (Admin Retur)' });
      // Later steps a day apart after the request, never in the future.
      await db.execute(sql`
        update retur_jual_histories h set tanggal = least(${until.toISOString()}::timestamptz - interval '10 minutes', ${tanggal.toISOString()}::timestamptz + (n.rn - 1) * interval '1 day' + interval '2 hours')
        from (select id, row_number() over (order by tanggal, id) as rn from retur_jual_histories where retur_id = (select id from retur_jual where no_retur = ${noRetur})) n
        where h.id = n.id and n.rn > 1`);
      await db.execute(
        sql`update retur_jual set updated_at = (select max(tanggal) from retur_jual_histories h where h.retur_id = retur_jual.id) where no_retur = ${noRetur}`,
      );
      // The replacement order dates from the day the return was finished.
      await db.execute(sql`
        update orders o set tgl_order = r.updated_at, tgl_invoice = r.updated_at, paid_at = r.updated_at, created_at = r.updated_at,
          no_order = 'ORD-' || to_char(r.updated_at at time zone 'Asia/Jakarta', 'YYYYMMDD') || '-' || lpad(o.id::text, 7, '0'),
          no_invoice = 'INV-' || to_char(r.updated_at at time zone 'Asia/Jakarta', 'YYYYMMDD') || '-' || lpad(o.id::text, 7, '0')
        from retur_jual r where r.no_retur = ${noRetur} and o.id = r.kirim_ulang_id`);
      await db.execute(sql`
        update order_histories h set tanggal = r.updated_at from retur_jual r where r.no_retur = ${noRetur} and h.order_id = r.kirim_ulang_id`);
    }
  }
}

/** One delivered online repeat order (its invoice, lines and history) to the member's saved address. */
async function insertDeliveredOrder(
  _db: Db,
  memberId: number,
  addressId: number,
  product: { id: number; harga: number; dpp: number; berat: number; value: number },
  at: Date,
  status: 'RECEIVED' | 'DONE',
  qty: number,
): Promise<number> {
  const total = product.harga * qty;
  const ongkir = 20_000;
  const iso = (offset: number) => new Date(at.getTime() + offset).toISOString();
  return inTransaction(async (tx) => {
    const [order] = await selectRows<{ id: number }>(
      tx,
      sql`
      insert into orders (no_order, no_invoice, member_id, jenis_order, status_order, tgl_order, tgl_invoice, paid_at, total_bv, total_harga, total_berat,
        pickup_store, gudang_id, nama_kirim, phone_kirim, alamat_kirim, kode_pos_kirim, kelurahan_kirim_id, ekspedisi, biaya_kirim, total_bayar,
        payment_method, is_ppn, total_dpp, total_ppn, no_resi, received_at, received_by, created_at)
      select 'TMP-' || gen_random_uuid()::text, 'TMP-' || gen_random_uuid()::text, ${memberId}, 'ro', ${status}, ${iso(0)}::timestamptz, ${iso(600_000)}::timestamptz,
        ${iso(600_000)}::timestamptz, ${product.value * qty}, ${total}, ${product.berat * qty}, false, (select min(id) from warehouses), a.nama, a.phone, a.alamat,
        a.kode_pos, a.kelurahan_id, 'jne|REG', ${ongkir}, ${total + ongkir}, 'qris', true, ${product.dpp * qty}, ${total - product.dpp * qty},
        ${`JNE${String(at.getTime()).slice(-10)}`}, ${iso(3 * DAY)}::timestamptz, a.nama, ${iso(0)}::timestamptz
      from shipping_addresses a where a.id = ${addressId}
      returning id::int as id`,
    );
    await tx.execute(sql`
      update orders set no_order = 'ORD-' || to_char(tgl_order at time zone 'Asia/Jakarta', 'YYYYMMDD') || '-' || lpad(id::text, 7, '0'),
        no_invoice = 'INV-' || to_char(tgl_order at time zone 'Asia/Jakarta', 'YYYYMMDD') || '-' || lpad(id::text, 7, '0')
      where id = ${order!.id}`);
    await tx.execute(sql`insert into order_details (order_id, product_id, harga, qty, value, berat, dpp)
      values (${order!.id}, ${product.id}, ${product.harga}, ${qty}, ${product.value}, ${product.berat}, ${product.dpp})`);
    await tx.execute(sql`insert into order_histories (order_id, tanggal, status, id_admin, admin_nama, keterangan) values
      (${order!.id}, ${iso(0)}::timestamptz, 'PENDING', 0, null, null),
      (${order!.id}, ${iso(600_000)}::timestamptz, 'PAID', null, null, null),
      (${order!.id}, ${iso(DAY)}::timestamptz, 'DELIVERY', 1, 'Budi (Gudang Surabaya)', 'Kota Surabaya|Paket diserahkan ke JNE'),
      (${order!.id}, ${iso(3 * DAY)}::timestamptz, 'RECEIVED', 1, 'Budi (Gudang Surabaya)', 'Kota Surabaya|Paket diterima')
      ${status === 'DONE' ? sql`, (${order!.id}, ${iso(4 * DAY)}::timestamptz, 'DONE', 0, null, null)` : sql``}`);
    return order!.id;
  });
}
