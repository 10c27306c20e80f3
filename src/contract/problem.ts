/** RFC 9457 problem details, with per-field messages under `errors`. */
export interface Problem {
  type: string;
  title: string;
  status: number;
  detail?: string;
  instance?: string;
  errors?: Record<string, string[]>;
}

const optionalString = (value: unknown) => value === undefined || typeof value === 'string';
const fieldMessages = (value: unknown) =>
  typeof value === 'object' && value !== null && Object.values(value).every((words) => Array.isArray(words) && words.every((w) => typeof w === 'string'));

/**
 * Whether an answer's body is a problem detail. Checked by hand rather than by a schema: the customers' pages read
 * refusals with it, and zod was a quarter of their script (docs/decisions/shell-and-pwa.md, "The customers' pages' weight").
 */
export function isProblem(body: unknown): body is Problem {
  if (typeof body !== 'object' || body === null) return false;
  const { type, title, status, detail, instance, errors } = body as Partial<Record<keyof Problem, unknown>>;
  return (
    typeof type === 'string' &&
    typeof title === 'string' &&
    Number.isInteger(status) &&
    optionalString(detail) &&
    optionalString(instance) &&
    (errors === undefined || fieldMessages(errors))
  );
}

/** The closed set of problem types the API answers with. */
export const problemTypes = {
  validation: { type: '/problems/validation', title: 'The request is not valid', status: 400 },
  badRequest: { type: '/problems/bad-request', title: 'Bad request', status: 400 },
  unauthorized: { type: '/problems/unauthorized', title: 'Sign-in required', status: 401 },
  forbidden: { type: '/problems/forbidden', title: 'Not allowed', status: 403 },
  notFound: { type: '/problems/not-found', title: 'Not found', status: 404 },
  conflict: { type: '/problems/conflict', title: 'Conflict', status: 409 },
  unprocessable: { type: '/problems/unprocessable', title: 'The request cannot be applied', status: 422 },
  tooLarge: { type: '/problems/too-large', title: 'The request is too large', status: 413 },
  unsupportedMediaType: { type: '/problems/unsupported-media-type', title: 'Unsupported media type', status: 415 },
  tooManyRequests: { type: '/problems/too-many-requests', title: 'Too many requests', status: 429 },
  headersTooLarge: { type: '/problems/headers-too-large', title: 'The address or headers are too long', status: 431 },
  internal: { type: '/problems/internal', title: 'Something went wrong on the server', status: 500 },
  unavailable: { type: '/problems/unavailable', title: 'Not ready to serve', status: 503 },
} as const;
export type ProblemCode = keyof typeof problemTypes;
