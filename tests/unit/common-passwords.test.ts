import { describe, expect, it } from 'vitest';
import { isCommonPassword } from '../../src/lib/common-passwords';

describe('isCommonPassword: the short list the page checks before submit', () => {
  it.each([
    'rahasia123',
    'Rahasia123!',
    'password',
    'PASSWORD2024',
    'sayangku',
    '12345678',
    'qwertyui',
    '        ',
    'aaaaaaaa',
    'bismillah99',
  ])('refuses %j', (p) => {
    expect(isCommonPassword(p)).toBe(true);
  });
  it.each(['passwordbaru9', 'merpati-senja-47', 'Kopi-Tubruk-1987', 'rahasiaku-kopi', '123rahasia-x'])(
    "lets %j through to the server's full check",
    (p) => {
      expect(isCommonPassword(p)).toBe(false);
    },
  );
});
