import type { z } from 'zod';

/** A schema's complaints as a form's errors: the first message for each top-level field. */
export function fieldMessages(error: z.ZodError): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const issue of error.issues) messages[String(issue.path[0] ?? '(form)')] ??= issue.message;
  return messages;
}
