import { bigserial, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** Operator settings: every number of the plan and the portal lives here (COMP_PLAN.md). */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** News & Tips (spec/000 §3, News). Content is operator HTML, sanitised when rendered. */
export const news = pgTable(
  'news',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    publicId: uuid('public_id').notNull().defaultRandom(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    status: integer('status').notNull().default(1),
    menuReg: boolean('menu_reg').notNull().default(false),
    menuUpg: boolean('menu_upg').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('news_public_id_uq').on(t.publicId), index('news_status_created_idx').on(t.status, t.createdAt)],
);

/** Carousel banners, grouped by name (the member banner is 'banner-member'). */
export const banners = pgTable(
  'banners',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    groupName: text('group_name').notNull(),
    nama: text('nama').notNull(),
    url: text('url').notNull(),
    link: text('link'),
    description: text('description'),
    number: integer('number').notNull(),
    /** Off: kept in the console but not in the carousel. */
    aktif: boolean('aktif').notNull().default(true),
  },
  (t) => [index('banners_group_idx').on(t.groupName, t.number)],
);

/**
 * The portal's public pages (code of ethics, policies, FAQ, payment terms) as edited by KONTEN.
 * A slug without a row shows its default text (src/server/domain/default-pages.ts).
 */
export const pages = pgTable('pages', {
  slug: text('slug').primaryKey(),
  judul: text('judul').notNull(),
  konten: text('konten').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: text('updated_by'),
});

/** Mail port's built-in adapter: what would have been sent (DESIGN.md §6). */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    meta: jsonb('meta'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mail_outbox_to_idx').on(t.to, t.createdAt)],
);
