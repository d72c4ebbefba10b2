export interface SettingChange {
  path: string;
  before: string;
  after: string;
}

/** An array element's name in a path: its own name, code and service, id or level, else its index. */
function label(item: unknown, index: number): string {
  const o = (item && typeof item === 'object' ? item : {}) as Record<string, unknown>;
  if (typeof o.name === 'string') return o.name;
  if (typeof o.code === 'string' && typeof o.service === 'string') return `${o.code} ${o.service}`;
  if (o.id !== undefined) return `#${String(o.id)}`;
  if (o.level !== undefined) return `level ${String(o.level)}`;
  return String(index + 1);
}

function flatten(value: unknown, prefix: string, out: Map<string, string>): void {
  if (Array.isArray(value) && value.length > 0 && value.every((v) => v && typeof v === 'object')) {
    value.forEach((item, i) => {
      flatten(item, `${prefix}[${label(item, i)}]`, out);
    });
  } else if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, inner] of Object.entries(value)) flatten(inner, prefix ? `${prefix}.${key}` : key, out);
  } else {
    out.set(prefix, JSON.stringify(value ?? null));
  }
}

/**
 * What a settings change changed, field by field ("[bca_va].fix_charge: 4000 → 5000"), so the
 * history under each form reads without comparing two JSON documents by eye.
 */
export function settingChanges(before: unknown, after: unknown): SettingChange[] {
  const a = new Map<string, string>();
  const b = new Map<string, string>();
  flatten(before, '', a);
  flatten(after, '', b);
  const paths = [...new Set([...a.keys(), ...b.keys()])];
  return paths
    .filter((p) => a.get(p) !== b.get(p))
    .map((path) => ({ path: path || '(nilai)', before: a.get(path) ?? '—', after: b.get(path) ?? '—' }));
}
