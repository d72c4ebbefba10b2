import { index, pgTable, text } from 'drizzle-orm/pg-core';

// Kemendagri codes from idn-area-data ('11', '11.01', '11.01.01', '11.01.01.2001'): DESIGN.md §3.
export const provinces = pgTable('provinces', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
});

export const regencies = pgTable(
  'regencies',
  {
    code: text('code').primaryKey(),
    provinceCode: text('province_code')
      .notNull()
      .references(() => provinces.code),
    name: text('name').notNull(),
  },
  (t) => [index('regencies_province_idx').on(t.provinceCode)],
);

export const districts = pgTable(
  'districts',
  {
    code: text('code').primaryKey(),
    regencyCode: text('regency_code')
      .notNull()
      .references(() => regencies.code),
    name: text('name').notNull(),
  },
  (t) => [index('districts_regency_idx').on(t.regencyCode)],
);

export const villages = pgTable(
  'villages',
  {
    code: text('code').primaryKey(),
    districtCode: text('district_code')
      .notNull()
      .references(() => districts.code),
    name: text('name').notNull(),
    postalCode: text('postal_code'),
  },
  (t) => [index('villages_district_idx').on(t.districtCode)],
);
