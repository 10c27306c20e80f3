import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import { z } from 'zod';
import { parseOrProblem } from './problem.ts';

/**
 * The `search` parameter of list calls: free text wrapped in double quotes (spec section 5), up to 100
 * characters. Answers the text inside the quotes, trimmed ('' without a search).
 */
const searchQuery = z.object({
  search: z
    .string()
    .max(102, 'Keep the search under 100 characters')
    .regex(/^".*"$/s, 'Wrap the search text in double quotes, such as "smith"')
    .optional(),
});
export function searchText(query: unknown): string {
  const { search } = parseOrProblem(searchQuery, { search: (query as { search?: unknown }).search }, 'The search');
  return search ? search.slice(1, -1).trim() : '';
}

/** A LIKE pattern matching text that starts with `text`, its wildcards taken literally. */
export const likePrefix = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Each word of `text` begins a word of the column's text (words split at spaces, dashes and slashes), case aside:
 * "all wea" finds "Nokian All-Weather AB". Wildcards typed are taken literally.
 */
export function wordsBegin(column: Expression<unknown>, text: string): RawBuilder<SqlBool> {
  const words = text.split(/\s+/).filter(Boolean);
  if (words.length === 0) return sql<SqlBool>`true`;
  return sql<SqlBool>`(${sql.join(
    words.map((word) => {
      const prefix = likePrefix(word);
      return sql`(${column} ilike ${prefix} or ${column} ilike ${`% ${prefix}`} or ${column} ilike ${`%-${prefix}`} or ${column} ilike ${`%/${prefix}`})`;
    }),
    sql` and `,
  )})`;
}
