import type { z } from 'zod';

/** The HTML constraints of one input, read from its zod schema (one description of the rule). */
export interface InputAttrs { required?: true; minlength?: number; maxlength?: number; pattern?: string }

interface Introspected {
  minLength?: number | null;
  maxLength?: number | null;
  _zod: { optin?: string; def: { innerType?: Introspected; checks?: { _zod: { def: { format?: string; pattern?: RegExp } } }[] } };
}

/**
 * The `required`/`minlength`/`maxlength`/`pattern` of an input from the field's zod 4 schema, so an
 * .astro form does not copy the numbers by hand: `<input {...inputAttrs(Schema.shape.username)} />`.
 * A pattern is given only when it is anchored at both ends and has no flags HTML cannot express.
 */
export function inputAttrs(schema: z.ZodType): InputAttrs {
  let field = schema as unknown as Introspected;
  const attrs: InputAttrs = {};
  if (field._zod.optin !== 'optional') attrs.required = true;
  // optional()/default() wrap the string: its checks are on the inner type.
  while (field._zod.def.innerType) field = field._zod.def.innerType;
  if (field.minLength) attrs.minlength = field.minLength;
  if (typeof field.maxLength === 'number') attrs.maxlength = field.maxLength;
  const regex = field._zod.def.checks?.map((c) => c._zod.def).find((d) => d.format === 'regex')?.pattern;
  if (regex && !regex.flags.replace(/[gu]/g, '') && /^\^.*\$$/.test(regex.source)) attrs.pattern = regex.source.slice(1, -1);
  return attrs;
}
