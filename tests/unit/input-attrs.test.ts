import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { inputAttrs } from '../../src/lib/schemas/input-attrs';
import { OperatorPasswordSchema } from '../../src/lib/schemas/operator-account';

describe.each([
  ['lengths of a required string', z.string().min(6).max(40), { required: true, minlength: 6, maxlength: 40 }],
  ['an optional field is not required', z.string().max(200).optional(), { maxlength: 200 }],
  ['an anchored regex becomes the pattern', z.string().trim().regex(/^[0-9]{6}$/), { required: true, pattern: '[0-9]{6}' }],
  ['an unanchored regex is left to the server', z.string().regex(/[a-z]/), { required: true }],
  ['the operator password rule', OperatorPasswordSchema, { required: true, minlength: 12, maxlength: 200 }],
])('inputAttrs: %s', (_reason, schema, expected) => {
  it('reads the constraints from the schema', () => expect(inputAttrs(schema)).toEqual(expected));
});
