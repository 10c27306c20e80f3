import './app/install-prompt.ts'; // first: the browser's install prompt can come before the app has mounted
import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import { Alert, Button, Container, MantineProvider, Stack, Title } from '@mantine/core';
import { RouterProvider } from '@tanstack/react-router';
import * as Comlink from 'comlink';
import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppServicesContext, type AppServices } from './app/app-services.ts';
import { reloadOnceOnChunkError, watchForUpdates } from './app/app-update.ts';
import type { UserManager } from 'oidc-client-ts';
import { globalDb, waitForSession } from './app/session.ts';
import { startupSettingsForBoot } from './app/startup-settings.ts';
import { parseStoredUser, signInCallbackPath, storedUser, storedUserKey } from './app/sign-in-basics.ts';
import { followEndedSessions, forgetSignedOutNotice, signedOutNotice } from './app/ended-session.ts';
import { SignedOutPage } from './app/signed-out-page.tsx';
import { cssVariablesResolver, theme } from './app/theme.ts';
import { setSignedInUser, signedInUser } from './db/signed-in-user.ts';
import { closeReplicas } from './db/use-replica.ts';
import { createAppRouter, preloadScreens, type AuthPort } from './routes/router.tsx';
import { syncClient } from './sync/sync-client.ts';

const root = createRoot(document.getElementById('root')!);
const render = (node: ReactNode) =>
  root.render(
    <StrictMode>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
        {node}
      </MantineProvider>
    </StrictMode>,
  );

function StartupProblem({ title, message, action }: { title: string; message: string; action?: { label: string; run: () => void } }) {
  return (
    <Container size="sm" py="xl">
      <Stack>
        <Title order={1} c="primary">
          AllTrac Staff
        </Title>
        <Alert color="error" title={title} role="alert">
          {message}
        </Alert>
        {action && (
          <Button w="fit-content" onClick={action.run}>
            {action.label}
          </Button>
        )}
      </Stack>
    </Container>
  );
}

/**
 * Starts the app: fetch the opened screen's code, check the startup settings, finish a sign-in coming back from
 * the provider, send this tab's sync worker its start and the access token, and route without waiting for the
 * worker. The shell opens from the device's last session when offline, even with an expired token; changes queue
 * until a token is renewed.
 */
async function boot(): Promise<void> {
  // The staff app's router is made first, so the code of the screen opened starts loading while the device is
  // read; its session check waits for the sign-in client below. Back from the provider, the address is only
  // known once the sign-in is finished: that router is made then.
  let checkSession!: (port: AuthPort) => void;
  const sessionPort = new Promise<AuthPort>((resolve) => {
    checkSession = resolve;
  });
  const auth: AuthPort = { requireSession: async (returnTo) => (await sessionPort).requireSession(returnTo) };
  const openedRouter = window.location.pathname !== signInCallbackPath ? createAppRouter(auth) : null;
  if (openedRouter) preloadScreens(openedRouter, window.location.pathname);
  let settings;
  try {
    // The staff app starts from the settings it kept on the device (the customers' pages start in public-main.tsx).
    settings = await startupSettingsForBoot({
      get: () => globalDb.deviceState.get('startupSettings'),
      put: (row) => globalDb.deviceState.put(row),
    });
  } catch (error) {
    render(
      <StartupProblem title="The app cannot start" message={(error as Error).message} action={{ label: 'Reload', run: () => window.location.reload() }} />,
    );
    return;
  }
  // The sign-in client's code (oidc-client-ts) is not on the first paint's path: the opened screen needs only the
  // stored user. It loads once, when a sign-in, a renewal or a sign-out needs it, or after the first paint.
  let manager: Promise<UserManager> | null = null;
  // A chunk that failed to load (a deploy under way) is asked for again by the next call, not kept failed.
  const signInClient = () =>
    (manager ??= import('./app/auth.ts').then(
      ({ createUserManager }) => createUserManager(settings),
      (error: unknown) => {
        manager = null;
        throw error;
      },
    ));
  if (window.location.pathname === signInCallbackPath) {
    try {
      const user = await (await signInClient()).signinRedirectCallback();
      await forgetSignedOutNotice();
      window.history.replaceState(null, '', (user.state as { returnTo?: string } | undefined)?.returnTo ?? '/');
    } catch (error) {
      render(
        <StartupProblem
          title="Sign-in did not complete"
          message={(error as Error).message}
          action={{ label: 'Sign in again', run: () => void signInClient().then((m) => m.signinRedirect({ prompt: 'login' })) }}
        />,
      );
      return;
    }
  }

  // Ask the browser to keep the replica and the outbox under storage pressure (best effort: it may say no,
  // and an evicted replica is noticed by its missing sync state and synced again).
  void navigator.storage?.persist?.().catch(() => false);
  const user = storedUser(settings);
  // The server signed the last person out (session-end.ts): the device says why until someone signs in.
  const ended = user ? undefined : await signedOutNotice();
  if (ended) {
    render(
      <SignedOutPage
        notice={ended}
        onSignIn={async () => {
          await forgetSignedOutNotice();
          await (await signInClient()).signinRedirect({ state: { returnTo: '/' }, prompt: 'login' });
        }}
      />,
    );
    return;
  }
  const sync = syncClient();
  // This tab acts for the user signed in on this browser, and shows only that user's data on the device.
  setSignedInUser(user?.sub ?? null);
  // Not awaited: the first screen reads the device itself, and the worker takes its calls in the order sent, so
  // the token and every screen's call reach it after its start while its code still loads.
  void sync.start(
    { serverUrl: settings.centralApi, production: settings.environmentMode === 'production' },
    Comlink.proxy(async (stale: string | null) => (await import('./app/auth.ts')).renewAccessToken(await signInClient(), stale)),
  );
  // The token may have expired (an offline start): the app opens from the device, and the leader renews it.
  if (user) void sync.setAccessToken(user.accessToken);
  followEndedSessions(settings, user);
  // Another tab signed in as someone else, or signed out: this tab's user is no longer the browser's.
  window.addEventListener('storage', (event) => {
    if (event.key !== storedUserKey(settings) || event.storageArea !== window.localStorage) return;
    if ((parseStoredUser(event.newValue)?.sub ?? null) !== signedInUser()) window.location.assign('/');
  });

  checkSession({
    async requireSession(returnTo) {
      // After a sign-in the sync worker loads the user and stores: wait for them (spec section 6).
      // Nobody signed in in this tab: sign in, whatever sessions of other users the device holds.
      const session = user ? await waitForSession(20_000) : null;
      if (session) return session;
      // Always the password: on a shared counter tablet the provider's session cookie must never sign the
      // next person in as the last one.
      await (await signInClient()).signinRedirect({ state: { returnTo }, prompt: 'login' });
      return new Promise<never>(() => undefined);
    },
  });
  const services: AppServices = {
    supportPhone: settings.supportPhone,
    mapsKey: settings.mapsKey,
    signOut: async () => {
      closeReplicas();
      await (await signInClient()).signoutRedirect();
    },
  };
  // The app's automation handle: the same sync API the screens use, for support staff's console and
  // the end-to-end tests that make changes whose screens belong to later issues.
  Object.assign(window, { alltrac: { sync } });
  render(
    <AppServicesContext value={services}>
      <RouterProvider router={openedRouter ?? createAppRouter(auth)} />
    </AppServicesContext>,
  );
  // Once the screen is up: a token the sign-in client loads (a renewal this tab made) reaches this tab's worker.
  // Should it fail to load, the leader's next renewal asks for it again.
  void signInClient().then(
    (m) => m.events.addUserLoaded((loaded) => void sync.setAccessToken(loaded.access_token)),
    () => undefined,
  );

  if (import.meta.env.PROD && 'serviceWorker' in navigator) {
    const { Workbox } = await import('workbox-window');
    watchForUpdates(new Workbox('/sw.js'), () => sync.changesWritten());
  }
}

reloadOnceOnChunkError();

void boot();
