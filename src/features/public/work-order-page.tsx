import { Anchor, Badge, Button, Group, Loader, Stack, Text, Timeline, Title } from '@mantine/core';
import { useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { apiPaths, publicPagePaths } from '../../contract/routes.ts';
import { publicWorkOrderSchema, type PublicWorkOrder } from '../../contract/work-order.ts';
import { NotValidPage, PublicFrame } from './public-frame.tsx';
import { publicApi } from './public-api.ts';

type Loaded = { state: 'loading' } | { state: 'missing' } | { state: 'unreachable' } | { state: 'ready'; order: PublicWorkOrder };

async function fetchOrder(path: string): Promise<Loaded> {
  try {
    const answer = await publicApi().request('GET', path);
    if (answer.status === 404) return { state: 'missing' };
    if (answer.status !== 200) return { state: 'unreachable' };
    return { state: 'ready', order: publicWorkOrderSchema.parse(answer.body) };
  } catch {
    return { state: 'unreachable' };
  }
}

const steps = [
  ['checkInDate', 'Checked in'], ['workStartDate', 'Work started'], ['workCompleteDate', 'Work complete'], ['readyForPickupDate', 'Ready for pickup'], ['checkOutDate', 'Picked up'],
] as const;

/** The customer's work order (route /work-order/{visitHashId}, public): services, times, and where the car stands. */
export function WorkOrderPage() {
  const { visitHashId } = useParams({ strict: false }) as { visitHashId: string };
  const path = apiPaths.publicWorkOrder.replace(':scheduledVisitHashId', encodeURIComponent(visitHashId));
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let current = true;
    void fetchOrder(path).then((next) => { if (current) setLoaded(next); });
    return () => { current = false; };
  }, [path, attempt]);
  if (loaded.state === 'loading') return <PublicFrame><Group justify="center" py="xl"><Loader aria-label="Loading the work order" /></Group></PublicFrame>;
  if (loaded.state === 'missing') return <NotValidPage title="This work order is not available">Check the link in the store's message, or call the store.</NotValidPage>;
  if (loaded.state === 'unreachable') {
    return (
      <PublicFrame>
        <Stack><Title order={1} size="h3">We could not open the work order</Title><Text>Check your connection, then try again.</Text>
          <Button w="fit-content" onClick={() => { setLoaded({ state: 'loading' }); setAttempt((a) => a + 1); }}>Try again</Button></Stack>
      </PublicFrame>
    );
  }
  const { order } = loaded;
  const time = (iso: string) => new Date(iso).toLocaleString('en-US', { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: order.store.timeZone });
  const reached = steps.filter(([field]) => order.milestones[field]).length;
  return (
    <PublicFrame storeName={order.store.name} storePhone={order.store.phoneNumber}>
      <Stack gap="md">
        <div>
          <Title order={1} size="h3">Work order{order.invoiceNumber ? ` ${order.invoiceNumber}` : ''}</Title>
          <Text>{[order.vehicle, order.licence].filter(Boolean).join(' · ')}</Text>
        </div>
        <Badge size="lg" variant="light" w="fit-content">{order.status}</Badge>
        <Stack gap={4} role="list" aria-label="Services">
          {order.services.map((s, i) => <Text key={i} role="listitem">{time(s.startDate)} · {s.name} · {s.durationInMinutes} min</Text>)}
        </Stack>
        <Timeline active={reached - 1} bulletSize={18} lineWidth={2}>
          {steps.map(([field, label]) => (
            <Timeline.Item key={field} title={label}>
              <Text size="sm" c="dimmed">{order.milestones[field] ? time(order.milestones[field]!) : 'Not yet'}</Text>
            </Timeline.Item>
          ))}
        </Timeline>
        {order.inspectionReportHashId && (
          <Anchor href={publicPagePaths.inspectionReport.replace(':id', order.inspectionReportHashId)}>See your vehicle's inspection report</Anchor>
        )}
      </Stack>
    </PublicFrame>
  );
}

/** The old work order address (/work-order?…, deprecated): sent on to /work-order/{visitHashId} when its parameter names a visit. */
export function DeprecatedWorkOrderPage() {
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const navigate = useNavigate();
  const hash = [search.visitHashId, search.id, search.visit].find((v): v is string => typeof v === 'string' && /^[\w-]{16,64}$/.test(v));
  useEffect(() => {
    if (hash) void navigate({ to: '/work-order/$visitHashId', params: { visitHashId: hash }, replace: true });
  }, [hash, navigate]);
  if (hash) return <PublicFrame><Group justify="center" py="xl"><Loader aria-label="Opening the work order" /></Group></PublicFrame>;
  return <NotValidPage title="This work order is not available">The link is missing the work order's number. Check the link in the store's message, or call the store.</NotValidPage>;
}
