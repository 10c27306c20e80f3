import { problemSchema, type Problem } from '../contract/problem.ts';
import type { ApiResponse } from './api-client.ts';

/** The server's problem detail, or one made from the status when the body is not one. */
export function problemOf(response: ApiResponse): Problem {
  const parsed = problemSchema.safeParse(response.body);
  return parsed.success ? parsed.data : { type: 'about:blank', title: `The server answered ${response.status}`, status: response.status };
}
