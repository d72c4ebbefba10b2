/**
 * Distance zones of the built-in rate table from Kemendagri codes ('35.78.01.1001'): 0 same
 * city/regency, 1 same province, 2 same island group, 3 another island group. The first digit
 * of a province code names its island group (1 Sumatra, 3 Java, 5 Bali–Nusa Tenggara,
 * 6 Kalimantan, 7 Sulawesi, 8 Maluku, 9 Papua); 21 (Riau Islands) ships with Sumatra.
 */
export function zoneBetween(origin: string, destination: string): 0 | 1 | 2 | 3 {
  if (origin.slice(0, 5) === destination.slice(0, 5)) return 0;
  if (origin.slice(0, 2) === destination.slice(0, 2)) return 1;
  const island = (code: string) => (code.startsWith('2') ? '1' : code[0]);
  return island(origin) === island(destination) ? 2 : 3;
}
