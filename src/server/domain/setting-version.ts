/** An approved settings change: live from `berlakuMulai`, replacing `sebelum` with `nilai` (per setting key). */
export interface SettingVersion {
  berlakuMulai: string;
  sebelum: Record<string, unknown>;
  nilai: Record<string, unknown>;
}

/**
 * A setting's value in effect on `day` (docs/decisions/0023-settings-approval.md), from the
 * approved changes ordered by effective day: the latest at or before the day, else what the
 * earliest later one replaced; undefined when no change ever touched the key (the settings table
 * then holds it).
 */
export function valueOn(versions: readonly SettingVersion[], key: string, day: string): unknown {
  const touching = versions.filter((v) => key in v.nilai);
  const before = touching.filter((v) => v.berlakuMulai <= day).at(-1);
  if (before) return before.nilai[key];
  return touching.find((v) => v.berlakuMulai > day)?.sebelum[key];
}
