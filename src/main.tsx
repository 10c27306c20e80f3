import '@mantine/core/styles.css';
import { Alert, Button, Container, MantineProvider, Stack, Title } from '@mantine/core';
import { RouterProvider } from '@tanstack/react-router';
import * as Comlink from 'comlink';
import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppServicesContext, type AppServices } from './app/app-services.ts';
import { createUserManager, signInCallbackPath } from './app/auth.ts';
import { waitForSession } from './app/session.ts';
import { loadStartupSettings } from './app/startup-settings.ts';
import { theme } from './app/theme.ts';
import { closeReplicas } from './db/use-replica.ts';
import { createAppRouter, type AuthPort } from './routes/router.tsx';
import { syncClient } from './sync/sync-client.ts';

const root = createRoot(document.getElementById('root')!);
const render = (node: ReactNode) => root.render(<StrictMode><MantineProvider theme={theme}>{node}</MantineProvider></StrictMode>);

function StartupProblem({ title, message, action }: { title: string; message: string; action?: { label: string; run: () => void } }) {
  return (
    <Container size="sm" py="xl">
      <Stack>
        <Title order={1} c="primary">AllTrac Staff</Title>
        <Alert color="error" title={title} role="alert">{message}</Alert>
        {action && <Button w="fit-content" onClick={action.run}>{action.label}</Button>}
      </Stack>
    </Container>
  );
}

/**
 * Starts the app: check the startup settings, finish a sign-in coming back from the provider, start this
 * tab's sync worker with the access token, then route. The shell opens from the device's last session when
 * offline, even with an expired token; changes queue until a token is renewed.
 */
async function boot(): Promise<void> {
  let settings;
  try {
    settings = await loadStartupSettings();
  } catch (error) {
    render(<StartupProblem title="The app cannot start" message={(error as Error).message} action={{ label: 'Reload', run: () => window.location.reload() }} />);
    return;
  }
  const manager = createUserManager(settings);
  if (window.location.pathname === signInCallbackPath) {
    try {
      const user = await manager.signinRedirectCallback();
      window.history.replaceState(null, '', (user.state as { returnTo?: string } | undefined)?.returnTo ?? '/');
    } catch (error) {
      render(<StartupProblem title="Sign-in did not complete" message={(error as Error).message} action={{ label: 'Sign in again', run: () => void manager.signinRedirect() }} />);
      return;
    }
  }

  // Ask the browser to keep the replica and the outbox under storage pressure (best effort: it may say no,
  // and an evicted replica is noticed by its missing sync state and synced again).
  void navigator.storage?.persist?.().catch(() => false);
  const sync = syncClient();
  const renew = async () => {
    try {
      return (await manager.signinSilent())?.access_token ?? null;
    } catch {
      return null;
    }
  };
  await sync.start({ serverUrl: settings.centralApi, production: settings.environmentMode === 'production' }, Comlink.proxy(renew));
  manager.events.addUserLoaded((user) => void sync.setAccessToken(user.access_token));
  manager.events.addUserUnloaded(() => void sync.setAccessToken(null));
  const user = await manager.getUser();
  if (user && !user.expired) await sync.setAccessToken(user.access_token);
  else if (user?.refresh_token && navigator.onLine) await sync.setAccessToken(await renew());

  const auth: AuthPort = {
    async requireSession(returnTo) {
      // After a sign-in the sync worker loads the user and stores: wait for them (spec section 6).
      const session = await waitForSession(user ? 20_000 : 0);
      if (session) return session;
      await manager.signinRedirect({ state: { returnTo } });
      return new Promise<never>(() => undefined);
    },
  };
  const services: AppServices = {
    supportPhone: settings.supportPhone,
    signOut: async () => {
      closeReplicas();
      await manager.signoutRedirect();
    },
  };
  // The app's automation handle: the same sync API the screens use, for support staff's console and
  // the end-to-end tests that make changes whose screens belong to later issues.
  Object.assign(window, { alltrac: { sync } });
  const router = createAppRouter(auth);
  render(<AppServicesContext value={services}><RouterProvider router={router} /></AppServicesContext>);

  if (import.meta.env.PROD && 'serviceWorker' in navigator) {
    const { Workbox } = await import('workbox-window');
    void new Workbox('/sw.js').register();
  }
}

void boot();
