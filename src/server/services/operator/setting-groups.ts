import type { z } from 'zod';
import {
  type CourierSettings,
  courierSettingsSchema,
  type PlanSettings,
  paymentSettingsSchema,
  planSettingsSchema,
  shippingRateSettingsSchema,
  subsidySettingsSchema,
} from '../../../lib/schemas/settings';
import { type SettingChange, settingChanges } from '../../../lib/setting-diff';
import type { Db, Tx } from '../../db/client';
import { auditOfObject } from '../../db/queries/audit';
import { settingRows } from '../../db/queries/operators';
import { defaultPlan } from '../../domain/bonus/plan';
import { defaultSettings, type SettingKey } from '../../domain/default-settings';

/** The forms of /admin/settings (SUPERADMIN): each writes the setting keys of its group. */
export const SETTING_GROUPS = ['rencana', 'pembayaran', 'ongkir', 'subsidi', 'kurir'] as const;
export type SettingGroup = (typeof SETTING_GROUPS)[number];

export const SETTING_GROUP_LABELS: Record<SettingGroup, string> = {
  rencana: 'Rencana Kompensasi',
  pembayaran: 'Metode & Biaya Pembayaran',
  ongkir: 'Tarif Ongkir',
  subsidi: 'Subsidi Ongkir',
  kurir: 'Kurir',
};

export const GROUP_KEYS = {
  rencana: ['bonus_plan'],
  pembayaran: ['payment_methods', 'payment_methods_off'],
  ongkir: ['shipping_rates'],
  subsidi: ['shipping_subsidies'],
  kurir: ['couriers'],
} as const satisfies Record<SettingGroup, SettingKey[]>;

export const GROUP_SCHEMAS: Record<SettingGroup, z.ZodType> = {
  rencana: planSettingsSchema,
  pembayaran: paymentSettingsSchema,
  ongkir: shippingRateSettingsSchema,
  subsidi: subsidySettingsSchema,
  kurir: courierSettingsSchema,
};

/** Blank tier rows offered under each subsidy, so a tier can be added without JavaScript. */
export const EXTRA_TIER_ROWS = 2;

export type SettingValues = { [K in SettingKey]?: unknown };

export interface PaymentForm {
  methods: { name: string; label: string; aktif: boolean; fix_charge: number; float_charge: number; ppn: number }[];
}
export interface RatesForm {
  rates: { code: string; service: string; description: string; perKg: number[] }[];
}
export interface SubsidyForm {
  subsidies: { id: number; gudang: string | null; jenis: 'PERSENTASE' | 'NOMINAL'; tiers: { bv: number; value: number }[] }[];
}

/** The values in force of the given keys: the table's row, else the default (the plan: defaults plus overrides). */
export async function readSettingValues(db: Db | Tx, keys: readonly SettingKey[], lock = false): Promise<SettingValues> {
  const rows = await settingRows(db, keys, lock);
  const stored = new Map(rows.map((r) => [r.key, r.value]));
  const out: SettingValues = {};
  for (const key of keys) out[key] = stored.has(key) ? stored.get(key) : defaultSettings[key];
  if (keys.includes('bonus_plan')) out.bonus_plan = { ...defaultPlan, ...(out.bonus_plan as object) };
  return out;
}

/** The form view of a group's values: what the inputs show and what the schema checks. */
export function groupForm(
  group: SettingGroup,
  values: SettingValues,
): PlanSettings | PaymentForm | RatesForm | SubsidyForm | CourierSettings {
  if (group === 'rencana') return values.bonus_plan as PlanSettings;
  if (group === 'kurir') return { couriers: (values.couriers as CourierSettings['couriers']).map((c) => ({ ...c })) };
  if (group === 'pembayaran') {
    const off = new Set(values.payment_methods_off as string[]);
    const methods = values.payment_methods as (typeof defaultSettings)['payment_methods'];
    return {
      methods: methods.map((m) => ({
        name: m.name,
        label: m.label,
        aktif: !off.has(m.name),
        fix_charge: m.fix_charge,
        float_charge: m.float_charge,
        ppn: m.ppn,
      })),
    };
  }
  if (group === 'ongkir') {
    const rates = values.shipping_rates as (typeof defaultSettings)['shipping_rates'];
    return { rates: rates.map((r) => ({ code: r.code, service: r.service, description: r.description, perKg: [...r.perKg] })) };
  }
  const subsidies = values.shipping_subsidies as (typeof defaultSettings)['shipping_subsidies'];
  return { subsidies: subsidies.map((s) => ({ id: s.id, gudang: s.gudang, jenis: s.jenis, tiers: s.tiers.map((t) => ({ ...t })) })) };
}

/**
 * A form number: blank or not a number is NaN (the schema names the field); "4.000" is four
 * thousand (Indonesian grouping), "0,7" is 0.7.
 */
export function formNumber(raw: string | undefined): number {
  const text = (raw ?? '').replace(/\s|Rp/gi, '');
  if (!text) return Number.NaN;
  const grouped = /^\d{1,3}(\.\d{3})+$/.test(text) ? text.replace(/\./g, '') : text.replace(',', '.');
  return /^-?\d+(\.\d+)?$/.test(grouped) ? Number(grouped) : Number.NaN;
}

/** Reads a template's number leaves from fields named by their dotted path; strings listed stay editable. */
function fromFields(template: unknown, fields: Record<string, string>, path: string, editable: Set<string>): unknown {
  if (typeof template === 'number') return formNumber(fields[path]);
  if (typeof template === 'boolean') return fields[path] === 'on' || fields[path] === 'true';
  if (typeof template === 'string') return editable.has(path.split('.').pop()!) && path in fields ? fields[path] : template;
  if (Array.isArray(template)) return template.map((item, i) => fromFields(item, fields, `${path}.${i}`, editable));
  if (template && typeof template === 'object') {
    return Object.fromEntries(
      Object.entries(template).map(([key, inner]) => [key, fromFields(inner, fields, path ? `${path}.${key}` : key, editable)]),
    );
  }
  return template;
}

/** The candidate a posted form makes from the current values (unknown fields are ignored). */
export function candidateFrom(group: SettingGroup, values: SettingValues, fields: Record<string, string>): unknown {
  const form = groupForm(group, values);
  // A courier's name is typed; other groups' texts (codes, labels) stay as they are.
  if (group !== 'subsidi') return fromFields(form, fields, '', new Set(group === 'kurir' ? ['nama'] : ['pphBasis']));
  const { subsidies } = form as SubsidyForm;
  return {
    subsidies: subsidies.map((s, i) => ({
      id: s.id,
      jenis: fields[`subsidies.${i}.jenis`] ?? s.jenis,
      tiers: Array.from({ length: s.tiers.length + EXTRA_TIER_ROWS }, (_, j) => [
        fields[`subsidies.${i}.tiers.${j}.bv`],
        fields[`subsidies.${i}.tiers.${j}.value`],
      ])
        .filter(([bv, value]) => (bv ?? '').trim() !== '' || (value ?? '').trim() !== '')
        .map(([bv, value]) => ({ bv: formNumber(bv), value: formNumber(value) })),
    })),
  };
}

/** The setting rows a valid form writes, built on the current values (labels and icons stay). */
export function valuesFrom(group: SettingGroup, parsed: unknown, values: SettingValues): SettingValues {
  if (group === 'rencana') return { bonus_plan: parsed };
  if (group === 'pembayaran') {
    const { methods } = parsed as { methods: { name: string; aktif: boolean; fix_charge: number; float_charge: number; ppn: number }[] };
    const current = values.payment_methods as (typeof defaultSettings)['payment_methods'];
    return {
      payment_methods: current.map((m, i) => ({
        ...m,
        fix_charge: methods[i]!.fix_charge,
        float_charge: methods[i]!.float_charge,
        ppn: methods[i]!.ppn,
      })),
      payment_methods_off: methods.filter((m) => !m.aktif).map((m) => m.name),
    };
  }
  if (group === 'ongkir') {
    const { rates } = parsed as { rates: { perKg: number[] }[] };
    return {
      shipping_rates: (values.shipping_rates as (typeof defaultSettings)['shipping_rates']).map((r, i) => ({
        ...r,
        perKg: rates[i]!.perKg,
      })),
    };
  }
  if (group === 'kurir') {
    const { couriers } = parsed as CourierSettings;
    return {
      couriers: (values.couriers as CourierSettings['couriers']).map((c, i) => {
        const { nama, asuransi_fix, asuransi_persen, wajib_asuransi } = couriers[i]!;
        return { ...c, nama, asuransi_fix, asuransi_persen, wajib_asuransi };
      }),
    };
  }
  const { subsidies } = parsed as { subsidies: { jenis: 'PERSENTASE' | 'NOMINAL'; tiers: { bv: number; value: number }[] }[] };
  return {
    shipping_subsidies: (values.shipping_subsidies as (typeof defaultSettings)['shipping_subsidies']).map((s, i) => ({
      ...s,
      jenis: subsidies[i]!.jenis,
      tiers: subsidies[i]!.tiers,
    })),
  };
}

export interface SettingHistoryRow {
  at: Date;
  operatorNama: string;
  changes: SettingChange[];
}

/** Who changed a setting, when, and what, newest first (audit rows `setting:<key>`). */
export async function settingHistory(db: Db, keys: readonly SettingKey[], limit = 10): Promise<Record<string, SettingHistoryRow[]>> {
  const out: Record<string, SettingHistoryRow[]> = {};
  for (const key of keys) {
    const rows = await auditOfObject(db, `setting:${key}`, limit);
    out[key] = rows.map((r) => ({ at: r.at, operatorNama: r.operatorNama, changes: settingChanges(r.before, r.after) }));
  }
  return out;
}
