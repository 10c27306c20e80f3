import '@mantine/core/styles.css';
import { Alert, Button, Container, Loader, MantineProvider, Stack, Text, Title } from '@mantine/core';
import type { User } from 'oidc-client-ts';
import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import type { AppSettings } from './contract/app-settings.ts';
import { roles } from './contract/enums.ts';
import type { CurrentUser } from './contract/user.ts';
import { createUserManager, fetchCurrentUser, signInCallbackPath } from './app/auth.ts';
import { loadStartupSettings } from './app/startup-settings.ts';
import { theme } from './app/theme.ts';

type State =
  | { kind: 'loading' }
  | { kind: 'failed'; message: string }
  | { kind: 'signed-out'; signIn: () => void }
  | { kind: 'signed-in'; me: CurrentUser; signOut: () => void };

/** Starts the app: settings check, then sign-in, then "my user". The full shell replaces this page. */
async function boot(): Promise<State> {
  const settings: AppSettings = await loadStartupSettings();
  const manager = createUserManager(settings);
  if (window.location.pathname === signInCallbackPath) {
    await manager.signinRedirectCallback();
    window.history.replaceState(null, '', '/');
  }
  const user: User | null = await manager.getUser();
  if (!user || user.expired) {
    return { kind: 'signed-out', signIn: () => void manager.signinRedirect() };
  }
  const me = await fetchCurrentUser(settings, user);
  return { kind: 'signed-in', me, signOut: () => void manager.signoutRedirect() };
}

// Once per page load: a sign-in code can be redeemed only once.
const booting = boot();

function App() {
  const [state, setState] = useState<State>({ kind: 'loading' });
  useEffect(() => {
    booting.then(setState, (error: unknown) => setState({ kind: 'failed', message: error instanceof Error ? error.message : String(error) }));
  }, []);

  return (
    <Container size="xs" py="xl">
      <Stack>
        <Title order={1} c="primary">AllTrac Staff</Title>
        {state.kind === 'loading' && <Loader aria-label="Loading" />}
        {state.kind === 'failed' && <Alert color="error" title="The app cannot start" role="alert">{state.message}</Alert>}
        {state.kind === 'signed-out' && <Button onClick={state.signIn}>Sign in</Button>}
        {state.kind === 'signed-in' && (
          <>
            <Text data-testid="signed-in-user">Signed in as {state.me.name} ({state.me.email})</Text>
            <Text size="sm" c="dimmed">
              {state.me.roles.map((r) => `${roles.label(r.role)}${r.storeId === null ? ' (all stores)' : ` at store ${r.storeId}`}`).join(', ')}
            </Text>
            <Button variant="light" onClick={state.signOut}>Sign out</Button>
          </>
        )}
      </Stack>
    </Container>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider theme={theme}>
      <App />
    </MantineProvider>
  </StrictMode>,
);

if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  void import('workbox-window').then(({ Workbox }) => new Workbox('/sw.js').register());
}
