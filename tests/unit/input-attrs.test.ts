import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { authMessages, ChangePasswordSchema } from '../../src/lib/schemas/auth';
import { checkAttrs, inputAttrs } from '../../src/lib/schemas/input-attrs';
import { OperatorPasswordSchema } from '../../src/lib/schemas/operator-account';

describe.each([
  ['lengths of a required string', z.string().min(6).max(40), { required: true, minlength: 6, maxlength: 40 }],
  ['an optional field is not required', z.string().max(200).optional(), { maxlength: 200 }],
  ['a field with a default is not required', z.string().trim().max(200).default(''), { maxlength: 200 }],
  ['min(1) says no more than required', z.string().trim().min(1).max(150), { required: true, maxlength: 150 }],
  [
    'an anchored regex becomes the pattern',
    z
      .string()
      .trim()
      .regex(/^[0-9]{6}$/),
    { required: true, pattern: '[0-9]{6}' },
  ],
  ['an unanchored regex is left to the server', z.string().regex(/[a-z]/), { required: true }],
  ['the operator password rule', OperatorPasswordSchema, { required: true, minlength: 12, maxlength: 200 }],
])('inputAttrs: %s', (_reason, schema, expected) => {
  it('reads the constraints from the schema', () => expect(inputAttrs(schema)).toEqual(expected));
});

describe("checkAttrs: the layout script's checks carry the schema's own messages", () => {
  it("a new password: required and at least 8, with the spec's messages", () => {
    expect(checkAttrs(ChangePasswordSchema.shape.password_baru)).toEqual({
      'data-required': authMessages.newPasswordRequired,
      'data-minlength': 8,
      'data-minlength-msg': authMessages.passwordMin,
    });
  });
  it('a pattern with its message and the maximum; an optional field is not required', () => {
    const schema = z
      .string()
      .trim()
      .max(60, 'terlalu panjang')
      .regex(/^[A-Za-z ]*$/, 'Hanya huruf')
      .optional();
    expect(checkAttrs(schema)).toEqual({ 'data-pattern': '^[A-Za-z ]*$', 'data-pattern-msg': 'Hanya huruf', maxlength: 60 });
  });
  it('a string the server takes empty is not required in the browser either', () => {
    expect(checkAttrs(z.string({ error: 'Wajib diisi' }).max(10))).toEqual({ maxlength: 10 });
  });
});
