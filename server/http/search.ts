import { z } from 'zod';
import { parseOrProblem } from './problem.ts';

/**
 * The `search` parameter of list calls: free text wrapped in double quotes (spec section 5), up to 100
 * characters. Answers the text inside the quotes, trimmed ('' without a search).
 */
const searchQuery = z.object({
  search: z.string().max(102, 'Keep the search under 100 characters').regex(/^".*"$/s, 'Wrap the search text in double quotes, such as "smith"').optional(),
});
export function searchText(query: unknown): string {
  const { search } = parseOrProblem(searchQuery, { search: (query as { search?: unknown }).search }, 'The search');
  return search ? search.slice(1, -1).trim() : '';
}

/** A LIKE pattern matching text that starts with `text`, its wildcards taken literally. */
export const likePrefix = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
