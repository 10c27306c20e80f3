import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from '../../server/db/connect.ts';
import { demoStoreIds } from '../support/demo.ts';
import { freePort } from '../support/ports.ts';
import { RawHubSocket } from '../support/raw-hub.ts';
import { requestInFlight } from '../support/request-in-flight.ts';
import { seededFolder } from '../support/running-server.ts';
import { assertServerBuilt, startServerProcess, type ServerProcess } from '../support/server-process.ts';
import { mintAccessToken } from '../support/tokens.ts';

describe('the compiled server, started as production starts it', () => {
  let dataDir: string;
  let server: ServerProcess;
  let token: string;
  let storeId: number;

  beforeAll(async () => {
    assertServerBuilt();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'alltrac-graceful-'));
    fs.cpSync(await seededFolder(), dataDir, { recursive: true });
    const port = await freePort();
    const publicUrl = `http://127.0.0.1:${port}`;
    const handle = await openPglite(dataDir);
    try {
      token = await mintAccessToken(handle.db, 'user@demo.test', publicUrl);
      storeId = (await demoStoreIds(handle.db))[101]!;
    } finally {
      await handle.close();
    }
    server = await startServerProcess(
      {
        NODE_ENV: 'production',
        DATA_DIR: dataDir,
        PUBLIC_URL: publicUrl,
        MAPS_KEY: 'test-maps-key',
        SUPPORT_PHONE: '(800) 555-0199',
        AUTHORITY: `${publicUrl}/identity`,
        CENTRAL_API: publicUrl,
        APPLICATION_PATH: '/',
        BASE_URL: publicUrl,
        ENVIRONMENT_MODE: 'production',
        SIGN_IN_CLIENT_NAME: 'alltrac-staff-pwa',
      },
      port,
      { compiled: true },
    );
  });
  afterAll(async () => {
    await server?.kill();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers ready; sent SIGTERM mid-request it refuses new connections, finishes that request, tells live connections to reconnect and exits 0', async () => {
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: 'ready', database: 'up', redis: 'not used' });
    const hub = await RawHubSocket.connect(server.url, token);
    const inFlight = await requestInFlight(server.url, token, storeId);

    const exitCode = server.stop();
    await expect
      .poll(
        () =>
          fetch(`${server.url}/healthz`).then(
            () => 'answering',
            () => 'refused',
          ),
        { timeout: 10_000 },
      )
      .toBe('refused');
    expect(await hub.closed).toEqual({ code: 1001, reason: 'server stopping' });
    expect(hub.received.join('').split('\u001e')).toContain('{"type":7,"allowReconnect":true}');

    const answer = await inFlight.finish();
    expect(answer.status, answer.body).toBe(201);
    expect(await exitCode).toBe(0);
    expect(server.output()).toContain('Stopped.');
  });
});
