import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import { problemTypes, type Problem, type ProblemCode } from '../../src/contract/problem.ts';

/** An error the API answers as RFC 9457 problem details. Thrown anywhere; the error handler sends it. */
export class ProblemError extends Error {
  readonly problem: Problem;
  readonly headers: Record<string, string>;

  constructor(code: ProblemCode, detail?: string, extra: { errors?: Problem['errors']; headers?: Record<string, string> } = {}) {
    super(detail ?? problemTypes[code].title);
    const base = problemTypes[code];
    this.problem = {
      type: base.type,
      title: base.title,
      status: base.status,
      ...(detail ? { detail } : {}),
      ...(extra.errors ? { errors: extra.errors } : {}),
    };
    this.headers = extra.headers ?? {};
  }
}

/** Field messages from a zod error, keyed by the dotted path of each field. */
export function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '(body)';
    (out[key] ??= []).push(issue.message);
  }
  return out;
}

/** A 400 naming the fields to fix and what is wrong with each (the shared rules' words); nothing when all is well. */
export function refuseProblems(problems: Record<string, string[]>, what: string): void {
  if (Object.keys(problems).length > 0)
    throw new ProblemError('validation', `${what} has fields to fix: ${Object.keys(problems).join(', ')}.`, { errors: problems });
}

/** Parses a value with a schema, or throws a 400 problem naming each field that is wrong. */
export function parseOrProblem<S extends z.ZodType>(schema: S, value: unknown, what = 'The request'): z.infer<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const errors = fieldErrors(result.error);
  throw new ProblemError('validation', `${what} has invalid fields: ${Object.keys(errors).join(', ')}.`, { errors });
}

export function sendProblem(reply: FastifyReply, problem: Problem, headers: Record<string, string> = {}): FastifyReply {
  return reply.code(problem.status).headers(headers).type('application/problem+json').send(problem);
}

const camelCase = (column: string) => column.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/**
 * A write naming a row that does not exist (PostgreSQL foreign_key_violation, 23503): the request is at
 * fault, so a 422 naming the field, never a 500 that a device would retry for ever.
 */
export function missingReference(error: unknown): Problem | null {
  const e = error as { code?: unknown; detail?: unknown };
  if (e.code !== '23503') return null;
  const match = /^Key \((\w+)\)=\(([^)]*)\) is not present in table "(\w+)"/.exec(String(e.detail ?? ''));
  if (!match) {
    return { ...problemTypes.unprocessable, detail: 'The change refers to a row that does not exist, or is still referred to by another row.' };
  }
  const [, column, value, table] = match;
  const field = camelCase(column!);
  return {
    ...problemTypes.unprocessable,
    detail: `The ${table!.replace(/_/g, ' ').replace(/s$/, '')} ${value} named by ${field} does not exist.`,
    errors: { [field]: ['Does not exist'] },
  };
}
