import type { z } from 'zod';

/** The HTML constraints of one input, read from its zod schema (one description of the rule). */
export interface InputAttrs {
  required?: true;
  minlength?: number;
  maxlength?: number;
  pattern?: string;
}

interface CheckDef {
  check?: string;
  minimum?: number;
  format?: string;
  pattern?: RegExp;
  error?: (issue: object) => unknown;
}

interface Introspected {
  minLength?: number | null;
  maxLength?: number | null;
  _zod: { optin?: string; def: { innerType?: Introspected; error?: (issue: object) => unknown; checks?: { _zod: { def: CheckDef } }[] } };
}

/** The string schema inside optional()/default() wrappers. */
function innermost(schema: z.ZodType): Introspected {
  let field = schema as unknown as Introspected;
  while (field._zod.def.innerType) field = field._zod.def.innerType;
  return field;
}

/** Whether the form may leave the field out or empty: optional(), or a default() filling it in. */
const mayBeEmpty = (schema: z.ZodType): boolean => {
  const optin = (schema as unknown as Introspected)._zod.optin;
  return optin === 'optional' || optin === 'defaulted';
};

const messageOf = (error: CheckDef['error']): string | undefined => {
  const text = error?.({});
  return typeof text === 'string' ? text : undefined;
};

/**
 * The `required`/`minlength`/`maxlength`/`pattern` of an input from the field's zod 4 schema, so an
 * .astro form does not copy the numbers by hand: `<input {...inputAttrs(Schema.shape.username)} />`.
 * A pattern is given only when it is anchored at both ends and has no flags HTML cannot express.
 */
export function inputAttrs(schema: z.ZodType): InputAttrs {
  const attrs: InputAttrs = {};
  if (!mayBeEmpty(schema)) attrs.required = true;
  // optional()/default() wrap the string: its checks are on the inner type.
  const field = innermost(schema);
  // minlength 1 says no more than required does.
  if (field.minLength && field.minLength > 1) attrs.minlength = field.minLength;
  if (typeof field.maxLength === 'number') attrs.maxlength = field.maxLength;
  const regex = field._zod.def.checks?.map((c) => c._zod.def).find((d) => d.format === 'regex')?.pattern;
  if (regex && !regex.flags.replace(/[gu]/g, '') && /^\^.*\$$/.test(regex.source)) attrs.pattern = regex.source.slice(1, -1);
  return attrs;
}

/** The layout script's checks of a `form[data-check]` (src/browser/portal.ts), with the schema's own messages. */
export interface CheckAttrs {
  'data-required'?: string;
  'data-minlength'?: number;
  'data-minlength-msg'?: string;
  'data-pattern'?: string;
  'data-pattern-msg'?: string;
  maxlength?: number;
}

/**
 * The browser-side checks of a member form's input from the field's zod schema, messages included
 * (the spec's texts live in the schema only): `<input {...checkAttrs(Schema.shape.label)} />`.
 * - data-required: a required field's message for an empty value (its smallest minimum's: `min(1, …)`);
 * - data-minlength: the largest minimum above 1, with its message;
 * - data-pattern: an anchored regex without flags, with its message;
 * - maxlength: the maximum, so the browser never lets more be typed than the server takes.
 */
export function checkAttrs(schema: z.ZodType): CheckAttrs {
  const field = innermost(schema);
  const checks = (field._zod.def.checks ?? []).map((c) => c._zod.def);
  const attrs: CheckAttrs = {};
  if (!mayBeEmpty(schema)) {
    // An empty value fails the smallest minimum first (min(1, …) where the schema has one).
    const empty = checks.filter((c) => c.check === 'min_length' && (c.minimum ?? 0) >= 1).sort((a, b) => a.minimum! - b.minimum!)[0];
    const message = messageOf(empty?.error);
    if (message) attrs['data-required'] = message;
  }
  const longest = checks.filter((c) => c.check === 'min_length' && (c.minimum ?? 0) > 1).sort((a, b) => b.minimum! - a.minimum!)[0];
  if (longest) {
    attrs['data-minlength'] = longest.minimum;
    attrs['data-minlength-msg'] = messageOf(longest.error);
  }
  const regex = checks.find((c) => c.format === 'regex')?.pattern;
  if (regex && !regex.flags.replace(/[gu]/g, '') && /^\^.*\$$/.test(regex.source)) {
    attrs['data-pattern'] = regex.source;
    attrs['data-pattern-msg'] = messageOf(checks.find((c) => c.format === 'regex')?.error);
  }
  if (typeof field.maxLength === 'number') attrs.maxlength = field.maxLength;
  return attrs;
}
