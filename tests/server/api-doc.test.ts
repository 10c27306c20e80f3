import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, withApiVersion } from '../../src/contract/routes.ts';
import { milestones } from '../../src/domain/scheduler/visit-rules.ts';
import { apiDoc, apiDocFile, contractName, generatedMarker, needsSignIn, serverRoutes, type ServerRoute } from '../../scripts/api-doc.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let routes: ServerRoute[];
let t: TestApp;
beforeAll(async () => {
  routes = await serverRoutes();
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/**
 * A value for each parameter that names nothing stored: a store id is digits, any other id a UUID. A milestone is a
 * real one: which roles may record it depends on it, so the path is read before the caller.
 */
const valueOf = (name: string) => (name === 'milestone' ? milestones[0]! : /^(id|storeId)$/.test(name) ? '999999' : '00000000-0000-4000-8000-000000000000');
const filled = (url: string) => url.replace(/:(\w+)/g, (_, name: string) => valueOf(name));

describe("docs/api.md's list of every call", () => {
  it('is what scripts/api-doc.ts writes from the routes the server registers now (run it after adding or changing a route)', () => {
    const current = fs.readFileSync(apiDocFile, 'utf8');
    expect(current).toBe(apiDoc(current, routes));
  });

  it('names in its hand-written notes only calls the server has (a path written in full, its parameters by place)', () => {
    const shape = (url: string) => url.replace(/:\w+|\{\w+\}/g, ':');
    const served = new Set(routes.flatMap((r) => r.methods.map((m) => `${m} ${shape(r.url)}`)));
    const notes = fs.readFileSync(apiDocFile, 'utf8').split(generatedMarker)[0]!;
    const named = [...notes.matchAll(/`((?:GET|POST|PUT|PATCH|DELETE)(?:, (?:GET|POST|PUT|PATCH|DELETE))*) (\/[^`\s?…]+)[^`…]*`/g)];
    expect(named.length).toBeGreaterThan(100);
    const calls = named.flatMap(([, methods, url]) => methods!.split(', ').map((m) => `${m} ${url}`));
    expect(calls.filter((call) => !served.has(shape(call)))).toEqual([]);
  });

  it('finds a name in the contract for every call under /api, and a call for every path the contract names', () => {
    const api = routes.filter((r) => r.url.startsWith('/api/'));
    expect(api.length).toBeGreaterThan(100);
    expect(api.filter((r) => !contractName(r.url)).map((r) => r.url)).toEqual([]);
    const served = new Set(routes.map((r) => r.url));
    expect(Object.entries(apiPaths).filter(([, path]) => !served.has(path))).toEqual([]);
  });

  it('says "signed in" only of calls that answer 401 without an access token', async () => {
    const signedIn = routes.filter(needsSignIn);
    expect(signedIn.length).toBeGreaterThan(100);
    const answers = await Promise.all(
      signedIn.flatMap((r) =>
        r.methods.map(async (method) => {
          const answer = await t.app.inject({ method: method as 'GET', url: withApiVersion(filled(r.url)) });
          return `${method} ${r.url} ${answer.statusCode}`;
        }),
      ),
    );
    expect(answers.filter((a) => !a.endsWith(' 401'))).toEqual([]);
  });

  it('says "public" only of calls that answer without asking for sign-in', async () => {
    const open = routes.filter((r) => !needsSignIn(r) && !r.url.includes('*') && r.methods.length <= 5);
    expect(open.length).toBeGreaterThan(10);
    const answers = await Promise.all(
      open.flatMap((r) =>
        r.methods.map(async (method) => {
          const answer = await t.app.inject({ method: method as 'GET', url: withApiVersion(filled(r.url)), remoteAddress: '198.51.100.47' });
          return `${method} ${r.url} ${answer.statusCode}`;
        }),
      ),
    );
    expect(answers.filter((a) => a.endsWith(' 401'))).toEqual([]);
  });
});
