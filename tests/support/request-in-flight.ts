import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { activeStoreHeader, apiPaths, withApiVersion } from '../../src/contract/routes.ts';

export interface RequestInFlight {
  customerId: string;
  /** Sends the body the server is waiting for; resolves with the answer. */
  finish(): Promise<{ status: number; body: string }>;
}

/**
 * A customer's creation the server has begun and cannot answer yet: the request asks to continue before its
 * body (Expect: 100-continue), and this resolves once the server said to, so the request is in its hands.
 */
export function requestInFlight(serverUrl: string, token: string, storeId: number): Promise<RequestInFlight> {
  const customerId = randomUUID();
  const body = JSON.stringify({
    customerId,
    firstName: 'Ada',
    lastName: 'In Flight',
    companyName: null,
    email: 'ada@example.com',
    phoneNumber: null,
    preferredContactMethod: 'Email',
    addressLine1: null,
    city: null,
    state: null,
    postalCode: null,
    notes: null,
  });
  const request = http.request(`${serverUrl}${withApiVersion(apiPaths.customers)}`, {
    method: 'POST',
    // Kept alive, as browsers and balancers keep theirs: a stop must not wait for the connection to idle out.
    agent: new http.Agent({ keepAlive: true }),
    headers: {
      authorization: `Bearer ${token}`,
      [activeStoreHeader]: String(storeId),
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
      'idempotency-key': `in-flight-${customerId}`,
      expect: '100-continue',
    },
  });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.on('response', (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        text += chunk;
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
      response.on('error', reject);
    });
    request.on('error', reject);
  });
  return new Promise((resolve, reject) => {
    request.once('continue', () =>
      resolve({
        customerId,
        finish: () => {
          request.end(body);
          return answer;
        },
      }),
    );
    answer.then((early) => reject(new Error(`answered ${early.status} before asking for the body: ${early.body}`)), reject);
    request.flushHeaders();
  });
}
