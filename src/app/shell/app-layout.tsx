import { Alert, AppShell, Badge, Burger, Button, Group, NavLink, ScrollArea, Text } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { Link, Outlet, useRouteContext, useRouterState } from '@tanstack/react-router';
import { useEffect, useMemo, useState } from 'react';
import { errorBannerText } from '../../domain/app/error-banner.ts';
import { visibleNavItems } from '../../domain/app/navigation.ts';
import { initialStatus, subscribeSyncStatus } from '../../sync/sync-client.ts';
import { hasAnyRole, useSession, type Session } from '../session.ts';
import { frontCounter } from '../../domain/people/roles.ts';
import { AccountMenu } from './account-menu.tsx';
import { NavIcon } from './nav-icon.tsx';
import { NotificationsPopup } from './notifications-popup.tsx';
import { IncomingMessagesPopup } from './incoming-messages-popup.tsx';
import { InstallSheet } from './install-sheet.tsx';
import { StoreSelector } from './store-selector.tsx';
import { SyncIndicator } from './sync-indicator.tsx';
import { SupportWidget } from './support-widget.tsx';
import { SystemNotices } from './system-notices.tsx';
import { UpdateNotice } from './update-notice.tsx';
import { RatingSummary } from './rating-summary.tsx';
import { useRatingSummary } from './use-rating-summary.ts';
import { useShellCounts } from './use-shell-counts.ts';
import { useShortcuts } from './use-shortcuts.ts';

/** The shell of spec section 2: drawer, top bar, footer; shown only to users with access (spec section 4). */
export function AppLayout() {
  // The guard's session until the live one is read; then the live one (a store switch updates it).
  const guarded = useRouteContext({ strict: false }) as { session: Session };
  const session = useSession() ?? guarded.session;
  const phone = useMediaQuery('(max-width: 48em)');
  const [mobileOpen, mobile] = useDisclosure(false);
  const [desktopOpen, desktop] = useDisclosure(true);
  const path = useRouterState({ select: (s) => s.location.pathname });
  const [status, setStatus] = useState(initialStatus);
  const [upgrade, setUpgrade] = useState<string | null>(null);
  // The failure the user closed the banner for (each failure has its own retry time); a new one opens it again.
  const [closedFailure, setClosedFailure] = useState<number | null>(null);
  useEffect(() => subscribeSyncStatus(setStatus, setUpgrade), []);
  const bannerOpen = status.bannerStatus !== null && closedFailure !== status.nextRetryAt;
  const closeBanner = () => setClosedFailure(status.nextRetryAt);

  const items = useMemo(() => visibleNavItems(session.roles), [session.roles]);
  useShortcuts(items);
  const counts = useShellCounts(session.activeStore?.id ?? null);
  // The rating summary is for the front counter (spec section 6), not the bay.
  const frontDesk = hasAnyRole(session, frontCounter);
  const ratings = useRatingSummary(frontDesk ? session.activeStore : null);
  const toggle = () => (phone ? mobile.toggle() : desktop.toggle());
  const open = phone ? mobileOpen : desktopOpen;

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 248, breakpoint: 'sm', collapsed: { mobile: !mobileOpen, desktop: !desktopOpen } }}
      footer={{ height: 36 }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="sm" gap="xs" wrap="nowrap">
          <Burger opened={open} onClick={toggle} size="sm" aria-label={open ? 'Close menu' : 'Open menu'} aria-expanded={open} />
          <Link to="/" aria-label="AllTrac home" style={{ display: 'flex', alignItems: 'center', gap: 8, textDecoration: 'none' }}>
            <img src="/favicon.svg" alt="" width={28} height={28} />
            <Text fw={700} c="primary" visibleFrom="md">
              AllTrac
            </Text>
          </Link>
          <StoreSelector session={session} />
          <Group gap={4} ml="auto" wrap="nowrap">
            {ratings && (
              <Group visibleFrom="lg">
                <RatingSummary summary={ratings} place="header" />
              </Group>
            )}
            {session.activeStore && <SyncIndicator storeId={session.activeStore.id} status={status} stores={session.stores} />}
            {session.activeStore && frontDesk && (
              <IncomingMessagesPopup key={session.activeStore.id} store={session.activeStore} awaiting={counts.unreadMessages} />
            )}
            {session.activeStore && <NotificationsPopup storeId={session.activeStore.id} />}
            <AccountMenu session={session} />
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="xs" aria-label="Main menu">
        {/* The top bar hides the store selector on extra-small screens (spec section 2); phones get it here. */}
        <AppShell.Section hiddenFrom="xs" pb="xs">
          <StoreSelector session={session} compact />
        </AppShell.Section>
        <AppShell.Section grow component={ScrollArea}>
          {items.map((item) => {
            const count = item.badge ? counts[item.badge] : 0;
            const active = item.to === '/' ? path === '/' : path === item.to || path.startsWith(`${item.to}/`);
            return (
              <NavLink
                key={item.to}
                component={Link}
                to={item.to}
                label={item.title}
                active={active}
                leftSection={<NavIcon name={item.icon} />}
                rightSection={
                  count > 0 ? (
                    <Badge size="sm" color="error" circle={count < 10} aria-label={`${count} unread`}>
                      {count}
                    </Badge>
                  ) : item.shortcut ? (
                    <Text size="xs" c="dimmed" aria-hidden>
                      Ctrl+Alt+{item.shortcut.toUpperCase()}
                    </Text>
                  ) : null
                }
                aria-keyshortcuts={item.shortcut ? `Control+Alt+${item.shortcut.toUpperCase()}` : undefined}
                onClick={mobile.close}
              />
            );
          })}
        </AppShell.Section>
        {ratings && (
          <AppShell.Section pt="xs" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
            <RatingSummary summary={ratings} place="drawer" />
          </AppShell.Section>
        )}
      </AppShell.Navbar>

      <AppShell.Main>
        <SystemNotices />
        <UpdateNotice />
        {upgrade && (
          <Alert color="primary" mb="md" title="Update ready" role="status">
            {upgrade}{' '}
            <Button size="xs" ml="sm" onClick={() => window.location.reload()}>
              Reload
            </Button>
          </Alert>
        )}
        {bannerOpen && (
          <Alert color="error" mb="md" role="alert" withCloseButton onClose={closeBanner} closeButtonLabel="Close">
            <Group justify="space-between" wrap="nowrap">
              <Text size="sm">{errorBannerText}</Text>
              <Button
                size="xs"
                variant="white"
                color="error"
                onClick={() => {
                  closeBanner();
                  window.location.reload();
                }}
              >
                Refresh
              </Button>
            </Group>
          </Alert>
        )}
        {!session.activeStore ? (
          <Alert color="yellow" title="No store yet">
            Your account is not linked to a store. Ask your administrator to give you a role at your store.
          </Alert>
        ) : (
          <Outlet />
        )}
      </AppShell.Main>

      {/* The support button sits in the footer, where it covers nothing of a page (no floating button). */}
      <AppShell.Footer px="md">
        <Group h="100%" justify="space-between" gap="xs" wrap="nowrap">
          <Text size="xs" c="dimmed" truncate>
            © {new Date().getFullYear()} AllTrac Dealer Network.
            <Text span inherit visibleFrom="xs">
              {' '}
              All rights reserved.
            </Text>
          </Text>
          <SupportWidget />
        </Group>
      </AppShell.Footer>
      <InstallSheet hiddenAt={session.settings.allTracHideInstallPrompt} />
    </AppShell>
  );
}
