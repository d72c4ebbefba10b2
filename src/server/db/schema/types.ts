import { customType } from 'drizzle-orm/pg-core';

/**
 * A binary-tree position as a string of side digits from the root ('' root, '0' left, '1' right).
 * Byte order ("C" collation) makes every downline one contiguous btree range.
 */
export const treePath = customType<{ data: string }>({
  dataType: () => 'text COLLATE "C"',
});
