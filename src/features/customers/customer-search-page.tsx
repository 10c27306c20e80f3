import { Alert, Badge, Group, Loader, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconClipboardList, IconSearch, IconUserPlus, IconUsers } from '@tabler/icons-react';
import { useMediaQuery } from '@mantine/hooks';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useEffect, useRef, useState } from 'react';
import { AnchorLink, ButtonLink } from '../../app/links.tsx';
import { useSession } from '../../app/session.ts';
import { storeFormatters } from '../../app/store-time.ts';
import { displayName, licenceText, vehicleTitle } from '../../domain/people/display-name.ts';
import { formatPhone } from '../../domain/people/phone.ts';
import { replicaOf } from '../../db/use-replica.ts';
import { searchCustomers, type CustomerHit } from '../../app/customers/search-replica.ts';
import { useCustomerSummary } from './use-customer-summary.ts';

/** A row's height: a phone gives the visit dates a line of their own, so the name, contacts and plate get the width. */
const rowHeights = { wide: 76, narrow: 98 };

/**
 * The front counter's customer search (spec route /customer-search): results as you type from the device's
 * replica (so offline too), ranked, in a virtualised list; arrows move, Enter opens.
 */
export function CustomerSearchPage() {
  const session = useSession();
  const store = session?.activeStore ?? null;
  const storeId = store?.id ?? null;
  const navigate = useNavigate();
  const { q = '' } = useSearch({ strict: false }) as { q?: string };
  const [query, setQuery] = useState(q);
  const [active, setActive] = useState(0);
  const listRef = useRef<HTMLDivElement>(null);
  const narrow = useMediaQuery('(max-width: 36em)', false, { getInitialValueInEffect: false }) ?? false;
  const rowHeight = narrow ? rowHeights.narrow : rowHeights.wide;

  // The query lives in the address too: back from a customer returns to the same results.
  const addressLater = useRef<ReturnType<typeof setTimeout>>(undefined);
  const showQuery = useCallback(() => navigate({ to: '/customer-search', search: query ? { q: query } : {}, replace: true }), [query, navigate]);
  useEffect(() => {
    // Only while this screen is still the address: a link tapped within the pause (to a screen still loading)
    // would otherwise be sent back here.
    addressLater.current = setTimeout(() => {
      if (window.location.pathname === '/customer-search') void showQuery();
    }, 300);
    return () => clearTimeout(addressLater.current);
  }, [showQuery]);

  const result = useLiveQuery(
    async () => (storeId === null || !query.trim() ? null : { query, ...(await searchCustomers(replicaOf(storeId), query)) }),
    [storeId, query],
  );
  const complete = useLiveQuery(async () => (storeId === null ? true : (await replicaOf(storeId).syncState.get('complete'))?.value === true), [storeId]);
  const hits = result?.query === query ? result.hits : [];
  useEffect(() => setActive(0), [query]);

  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer re-renders on its own; nothing here memoizes it
  const virtualizer = useVirtualizer({ count: hits.length, getScrollElement: () => listRef.current, estimateSize: () => rowHeight, overscan: 6 });
  useEffect(() => virtualizer.measure(), [virtualizer, rowHeight]);
  const open = async (hit: CustomerHit | undefined) => {
    if (!hit) return;
    // A customer opened within the pause after typing: the address takes the query first, never after (it would
    // bring the user back here from the customer they opened).
    clearTimeout(addressLater.current);
    if (q !== query) await showQuery();
    await navigate({ to: '/customers/$customerId', params: { customerId: hit.customer.customerId } });
  };
  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const next = Math.max(0, Math.min(hits.length - 1, active + (event.key === 'ArrowDown' ? 1 : -1)));
      setActive(next);
      virtualizer.scrollToIndex(next, { align: 'auto' });
    } else if (event.key === 'Enter') {
      event.preventDefault();
      void open(hits[active]);
    }
  };

  if (!store) return null;
  const formats = storeFormatters(store);
  const searching = query.trim() !== '' && result?.query !== query;
  return (
    <Stack maw={900}>
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          Customers
        </Title>
        <Group gap="xs">
          <ButtonLink to="/tires" variant="default">
            Quote tires
          </ButtonLink>
          <ButtonLink to="/declined-work" variant="default" leftSection={<IconClipboardList size={16} />}>
            Declined work due
          </ButtonLink>
          <ButtonLink to="/possible-duplicates" variant="default" leftSection={<IconUsers size={16} />}>
            Possible duplicates
          </ButtonLink>
          <ButtonLink to="/customer-create" search={query.trim() ? { prefill: query.trim() } : {}} leftSection={<IconUserPlus size={16} />}>
            New customer
          </ButtonLink>
        </Group>
      </Group>
      <TextInput
        size="md"
        autoFocus
        value={query}
        onChange={(e) => setQuery(e.currentTarget.value)}
        onKeyDown={onKeyDown}
        leftSection={<IconSearch size={18} />}
        rightSection={searching ? <Loader size="xs" /> : null}
        placeholder="Name, phone, email, plate or VIN"
        aria-label="Search customers"
        role="combobox"
        aria-expanded={hits.length > 0}
        aria-controls="customer-results"
        aria-activedescendant={hits[active] ? `customer-option-${hits[active].customer.customerId}` : undefined}
        aria-autocomplete="list"
      />
      {complete === false && (
        <Text size="sm" c="dimmed">
          Customers are still arriving on this device; some may not be found yet.
        </Text>
      )}
      {!query.trim() && (
        <Text c="dimmed">Type part of a name, a phone number however it is written, an email, a licence plate or the last characters of a VIN.</Text>
      )}
      {query.trim() && result?.query === query && hits.length === 0 && (
        <Alert color="gray" title={`No customer matches "${query.trim()}"`}>
          <AnchorLink to="/customer-create" search={{ prefill: query.trim() }}>
            Create a new customer
          </AnchorLink>
        </Alert>
      )}
      {hits.length > 0 && (
        <>
          <Text size="sm" c="dimmed" aria-live="polite">
            {result?.more ? `The first ${hits.length} matches; type more to narrow them down.` : `${hits.length} ${hits.length === 1 ? 'match' : 'matches'}`}
          </Text>
          <Paper
            withBorder
            ref={listRef}
            id="customer-results"
            role="listbox"
            aria-label="Customers found"
            style={{ maxHeight: 'min(70vh, 720px)', overflowY: 'auto' }}
          >
            <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
              {virtualizer.getVirtualItems().map((item) => {
                const hit = hits[item.index]!;
                return (
                  <div
                    key={hit.customer.customerId}
                    style={{ position: 'absolute', top: 0, left: 0, right: 0, transform: `translateY(${item.start}px)`, height: rowHeight }}
                  >
                    <CustomerRow
                      hit={hit}
                      storeId={store.id}
                      selected={item.index === active}
                      formatDate={formats.date}
                      narrow={narrow}
                      onOpen={() => void open(hit)}
                      onHover={() => setActive(item.index)}
                    />
                  </div>
                );
              })}
            </div>
          </Paper>
        </>
      )}
    </Stack>
  );
}

function CustomerRow({
  hit,
  storeId,
  selected,
  formatDate,
  narrow,
  onOpen,
  onHover,
}: {
  hit: CustomerHit;
  storeId: number;
  selected: boolean;
  formatDate: (iso: string) => string;
  narrow: boolean;
  onOpen: () => void;
  onHover: () => void;
}) {
  const { customer } = hit;
  const summary = useCustomerSummary(storeId, customer.customerId);
  const vehicles = summary?.vehicles ?? [];
  const shown = hit.vehicle ? [hit.vehicle, ...vehicles.filter((v) => v.vehicleId !== hit.vehicle!.vehicleId)] : vehicles;
  const booked = summary?.nextVisit ? (
    <Badge size="sm" variant="light" style={{ flexShrink: 0 }}>
      Booked {formatDate(summary.nextVisit)}
    </Badge>
  ) : null;
  const lastVisit = summary?.lastVisit ? `Last visit ${formatDate(summary.lastVisit)}` : summary ? 'No visits here yet' : '';
  return (
    <Group
      id={`customer-option-${customer.customerId}`}
      role="option"
      aria-selected={selected}
      onClick={onOpen}
      onMouseMove={onHover}
      justify="space-between"
      wrap="nowrap"
      px="md"
      h={narrow ? rowHeights.narrow : rowHeights.wide}
      style={{
        cursor: 'pointer',
        borderBottom: '1px solid var(--mantine-color-default-border)',
        background: selected ? 'var(--mantine-color-primary-light)' : undefined,
      }}
    >
      <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
        <Group gap="xs" wrap="nowrap">
          <Text fw={600} truncate>
            {displayName(customer) || 'No name'}
          </Text>
          {customer.companyName && (customer.firstName || customer.lastName) && (
            <Text size="sm" c="dimmed" truncate>
              {[customer.firstName, customer.lastName].filter(Boolean).join(' ')}
            </Text>
          )}
        </Group>
        <Text size="sm" truncate>
          {[customer.phoneNumber && formatPhone(customer.phoneNumber), customer.email].filter(Boolean).join(' · ') || 'No phone or email'}
        </Text>
        {/* The plate first: it is what the counter searches by and looks for, so a narrow row never cuts it. */}
        <Text size="sm" c="dimmed" truncate>
          {shown.length === 0
            ? 'No vehicles'
            : shown
                .slice(0, 2)
                .map((v) => [licenceText(v), vehicleTitle(v)].filter(Boolean).join(' · '))
                .join('  |  ')}
          {shown.length > 2 ? `  +${shown.length - 2} more` : ''}
        </Text>
        {narrow && (booked || lastVisit) && (
          <Group gap="xs" wrap="nowrap">
            {booked}
            <Text size="xs" c="dimmed" truncate>
              {lastVisit}
            </Text>
          </Group>
        )}
      </Stack>
      {!narrow && (
        <Stack gap={2} align="flex-end" style={{ flexShrink: 0 }}>
          {booked}
          <Text size="xs" c="dimmed">
            {lastVisit}
          </Text>
        </Stack>
      )}
    </Group>
  );
}
