import { Anchor, Badge, Stack, Text, Timeline, Title } from '@mantine/core';
import { useEffect } from 'react';
import { fillPath } from '../../contract/fill-path.ts';
import { apiPaths, publicPagePaths } from '../../contract/routes.ts';
import type { PublicWorkOrder } from '../../contract/work-order.ts';
import { dateFormats } from '../../domain/calendar/date-format.ts';
import { LoadingPage, NotValidPage, PublicFrame, UnreachablePage } from './public-frame.tsx';
import { oldWorkOrderVisit, usePublicParam, usePublicQuery } from './public-route.ts';
import { usePublicResource } from './use-public-resource.ts';

const steps = [
  ['checkInDate', 'Checked in'],
  ['workStartDate', 'Work started'],
  ['workCompleteDate', 'Work complete'],
  ['readyForPickupDate', 'Ready for pickup'],
  ['checkOutDate', 'Picked up'],
] as const;

/** The customer's work order (route /work-order/{visitHashId}, public): services, times, and where the car stands. */
export function WorkOrderPage() {
  const visitHashId = usePublicParam('visitHashId');
  const path = fillPath(apiPaths.publicWorkOrder, { scheduledVisitHashId: visitHashId });
  const { loaded, retry } = usePublicResource<PublicWorkOrder>(path);
  if (loaded.state === 'loading') return <LoadingPage label="Loading the work order" />;
  if (loaded.state === 'missing')
    return <NotValidPage title="This work order is not available">Check the link in the store's message, or call the store.</NotValidPage>;
  if (loaded.state === 'unreachable') return <UnreachablePage what="the work order" onRetry={retry} />;
  const order = loaded.value;
  const time = dateFormats(order.store.timeZone).dateTime;
  const reached = steps.filter(([field]) => order.milestones[field]).length;
  return (
    <PublicFrame storeName={order.store.name} storePhone={order.store.phoneNumber}>
      <Stack gap="md">
        <div>
          <Title order={1} size="h3">
            Work order{order.invoiceNumber ? ` ${order.invoiceNumber}` : ''}
          </Title>
          <Text>{[order.vehicle, order.licence].filter(Boolean).join(' · ')}</Text>
        </div>
        <Badge size="lg" variant="light" w="fit-content">
          {order.status}
        </Badge>
        <Stack gap={4} role="list" aria-label="Services">
          {order.services.map((s, i) => (
            <Text key={i} role="listitem">
              {time(s.startDate)} · {s.name} · {s.durationInMinutes} min
            </Text>
          ))}
        </Stack>
        <Timeline active={reached - 1} bulletSize={18} lineWidth={2}>
          {steps.map(([field, label]) => (
            <Timeline.Item key={field} title={label}>
              <Text size="sm" c="dimmed">
                {order.milestones[field] ? time(order.milestones[field]!) : 'Not yet'}
              </Text>
            </Timeline.Item>
          ))}
        </Timeline>
        {order.inspectionReportHashId && (
          <Anchor underline="always" href={fillPath(publicPagePaths.inspectionReport, { id: order.inspectionReportHashId })}>
            See your vehicle's inspection report
          </Anchor>
        )}
      </Stack>
    </PublicFrame>
  );
}

/** The old work order address (/work-order?…, deprecated): sent on to /work-order/{visitHashId} when its parameter names a visit. */
export function DeprecatedWorkOrderPage() {
  const hash = oldWorkOrderVisit(usePublicQuery());
  useEffect(() => {
    if (hash) window.location.replace(fillPath(publicPagePaths.workOrder, { visitHashId: hash }));
  }, [hash]);
  if (hash) return <LoadingPage label="Opening the work order" />;
  return (
    <NotValidPage title="This work order is not available">
      The link is missing the work order's number. Check the link in the store's message, or call the store.
    </NotValidPage>
  );
}
