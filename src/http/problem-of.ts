import { isProblem, type Problem } from '../contract/problem.ts';
import type { ApiResponse } from './api-client.ts';

/** The server's problem detail, or one made from the status when the body is not one. */
export function problemOf(response: ApiResponse): Problem {
  return isProblem(response.body) ? response.body : { type: 'about:blank', title: `The server answered ${response.status}`, status: response.status };
}
