import type { FastifyInstance } from 'fastify';
import { ProblemError } from './problem.ts';

/** A NUL, or half of a surrogate pair (half an emoji): text no database column can store faithfully. */
// eslint-disable-next-line no-control-regex -- finding the NUL is the point
const unstorable = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Deeper than any request of the API; deeper still would exhaust the stack of whatever walks it. */
const maxDepth = 32;

function findUnstorable(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return unstorable.test(value) ? path : null;
  // Bytes (a photo's) are no text: nothing to look at, and walking them byte by byte would take long.
  if (typeof value !== 'object' || value === null || value instanceof Uint8Array) return null;
  if (depth > maxDepth) throw new ProblemError('badRequest', `The request nests values more than ${maxDepth} deep; no call of this API takes that.`);
  for (const [key, child] of Object.entries(value)) {
    if (unstorable.test(key)) return `${path}${path ? '.' : ''}(a field name)`;
    const found = findUnstorable(child, Array.isArray(value) ? `${path}[${key}]` : `${path}${path ? '.' : ''}${key}`, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * Refuses, before any route runs, text with characters that cannot be stored (naming where it is), and values
 * nested deeper than any call takes.
 */
export function refuseUnstorableText(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const [part, value] of [
      ['the query', request.query],
      ['the body', request.body],
      ['the path', request.params],
    ] as const) {
      const at = findUnstorable(value, '');
      if (at !== null) {
        const where = at || part;
        throw new ProblemError(
          'validation',
          `${where === part ? part[0]!.toUpperCase() + part.slice(1) : `The field ${where} of ${part}`} contains a character that cannot be stored (a NUL, or half of an emoji). Remove it and try again.`,
          { errors: { [at || '(body)']: ['Contains a character that cannot be stored'] } },
        );
      }
    }
  });
}
