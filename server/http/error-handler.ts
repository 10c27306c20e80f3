import type { FastifyError, FastifyInstance } from 'fastify';
import type { Socket } from 'node:net';
import { problemTypes, type Problem } from '../../src/contract/problem.ts';
import { missingReference, ProblemError, sendProblem } from './problem.ts';

/** Fastify's own error codes, in the API's words and types. */
function fastifyProblem(error: FastifyError): Problem | null {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return { ...problemTypes.badRequest, detail: 'The body is not valid JSON.' };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { ...problemTypes.badRequest, detail: 'The body is empty; send JSON, or no content-type when there is no body.' };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { ...problemTypes.tooLarge, detail: 'The body is larger than the server accepts (1 MiB).' };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { ...problemTypes.unsupportedMediaType, detail: 'Send the body as application/json.' };
    default:
      return null;
  }
}

/**
 * The one error handler: every error is a problem detail with its own type; 5xx details are logged, never sent;
 * a database's own words never reach the caller.
 */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | ProblemError, request, reply) => {
    if (error instanceof ProblemError) return sendProblem(reply, error.problem, error.headers);
    const known = fastifyProblem(error as FastifyError);
    if (known) return sendProblem(reply, known);
    // PostgreSQL data exceptions (SQLSTATE class 22): a value the checks before the query let through. The
    // request is at fault, not the server; the database's message (which may quote data) stays in the log.
    if (/^22/.test(String((error as { code?: unknown }).code ?? ''))) {
      request.log.warn({ err: error }, 'a value reached the database unchecked');
      return sendProblem(reply, { ...problemTypes.badRequest, detail: 'A value in the request is not valid for the field it is compared with or stored in.' });
    }
    const missing = missingReference(error);
    if (missing) return sendProblem(reply, missing);
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return sendProblem(reply, {
        ...problemTypes.internal,
        detail: 'The server could not complete the request. Try again; if it keeps failing, contact support.',
      });
    }
    const base =
      status === 429
        ? problemTypes.tooManyRequests
        : status === 413
          ? problemTypes.tooLarge
          : status === 415
            ? problemTypes.unsupportedMediaType
            : { ...problemTypes.badRequest, status };
    return sendProblem(reply, { ...base, detail: error.message });
  });
}

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (an address or headers too long, a malformed
 * request line): answered as problem details too, then the connection is closed.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (!socket.writable) return;
  const problem: Problem =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? { ...problemTypes.headersTooLarge, detail: 'The address or the headers of the request are longer than the server accepts.' }
      : { ...problemTypes.badRequest, detail: 'The request is not valid HTTP.' };
  const body = JSON.stringify(problem);
  socket.end(
    `HTTP/1.1 ${problem.status} ${problem.title}\r\nContent-Type: application/problem+json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}
