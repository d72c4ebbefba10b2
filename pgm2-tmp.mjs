import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import fs from 'node:fs';
const src = process.argv[2];
let c = {user:0,system:0}, o = {user:0,system:0};
const add=(a,b)=>{a.user+=b.user;a.system+=b.system;};
for (let i = 0; i < 6; i++) {
  let u = process.cpuUsage();
  fs.cpSync(src, `/tmp/pgm-${i}`, { recursive: true });
  add(c, process.cpuUsage(u)); u = process.cpuUsage();
  const db = await PGlite.create(`/tmp/pgm-${i}/pglite`, { extensions: { pg_trgm } });
  await db.query('select count(*) from members');
  await db.close();
  add(o, process.cpuUsage(u));
  fs.rmSync(`/tmp/pgm-${i}`, { recursive: true, force: true });
}
console.log(`copy: user ${(c.user/1e6).toFixed(2)} sys ${(c.system/1e6).toFixed(2)}; open+close: user ${(o.user/1e6).toFixed(2)} sys ${(o.system/1e6).toFixed(2)}; minflt ${process.resourceUsage().minorPageFault}`);
