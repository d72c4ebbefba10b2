import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

// A list's filters as parameters of one prepared statement (issue #24, ADR 0030): a filter the
// member left empty is an empty array or a null value, and matches every row.

/** `column` is one of the placeholder's values, or the placeholder holds none (no filter). */
export const inListOrAll = (column: AnyColumn | SQL, name: string, type: 'text' | 'uuid' = 'text'): SQL => {
  const list = sql`${sql.placeholder(name)}::${sql.raw(type)}[]`;
  return sql`(cardinality(${list}) = 0 or ${column} = any(${list}))`;
};

/** `column` equals the placeholder's value, or the placeholder is null (no filter). */
export const equalsOrAll = (column: AnyColumn | SQL, name: string, type: 'int' | 'text'): SQL => {
  const value = sql`${sql.placeholder(name)}::${sql.raw(type)}`;
  return sql`(${value} is null or ${column} = ${value})`;
};

/** One of `columns` matches the placeholder's ILIKE pattern (containsPattern), or the placeholder is null. */
export const matchesOrAll = (columns: (AnyColumn | SQL)[], name: string): SQL => {
  const pattern = sql`${sql.placeholder(name)}::text`;
  return sql`(${pattern} is null or ${sql.join(
    columns.map((column) => sql`${column} ilike ${pattern}`),
    sql` or `,
  )})`;
};
