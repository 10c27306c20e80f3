import '@mantine/core/styles.css';
import { MantineProvider } from '@mantine/core';
import { Component, StrictMode, Suspense, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadStartupSettings } from './app/startup-settings.ts';
import { cssVariablesResolver, theme } from './app/theme.ts';
import { LoadingPage, NotValidPage, UnreachablePage } from './features/public/public-frame.tsx';
import { matchPublicPage } from './features/public/public-pages.tsx';
import { startPublicApi } from './features/public/public-api.ts';
import { PublicRouteContext } from './features/public/public-route.ts';

/**
 * The customers' pages start here (public.html, served for their addresses): a customer on a phone gets the
 * page's own code and the UI kit, none of the staff app's (sign-in, replica, sync worker, router). Online only:
 * they read the API directly.
 */
const root = createRoot(document.getElementById('root')!);
const render = (node: ReactNode) =>
  root.render(
    <StrictMode>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
        {node}
      </MantineProvider>
    </StrictMode>,
  );

/** A page whose code did not arrive (the connection dropped, a deploy under way): what to do, not a blank screen. */
class PageLoadProblem extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <UnreachablePage what="this page" onRetry={() => window.location.reload()} /> : this.props.children;
  }
}

async function start(): Promise<void> {
  const match = matchPublicPage(window.location.pathname);
  if (!match) {
    render(<NotValidPage title="This page does not exist">Check the link in the store's message, or call the store.</NotValidPage>);
    return;
  }
  document.title = match.page.title;
  try {
    startPublicApi((await loadStartupSettings()).centralApi);
  } catch {
    render(<UnreachablePage what="this page" onRetry={() => window.location.reload()} />);
    return;
  }
  const { Page } = match.page;
  render(
    <PublicRouteContext value={{ params: match.params, search: new URLSearchParams(window.location.search) }}>
      <PageLoadProblem>
        <Suspense fallback={<LoadingPage label="Loading the page" />}>
          <Page />
        </Suspense>
      </PageLoadProblem>
    </PublicRouteContext>,
  );
}

void start();
