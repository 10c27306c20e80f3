import { Alert, Loader, Stack, Text, Title } from '@mantine/core';
import { useSession } from '../../app/session.ts';
import { timeText } from '../../domain/store/store-hours.ts';
import { syncClient } from '../../sync/sync-client.ts';
import { storeToday, useBayDay } from './bay-day.ts';
import { JobCard } from './job-card.tsx';

/**
 * The signed-in technician's day (route /technician-appointments): their jobs in order, then the jobs nobody
 * has yet that they may take. Read from the replica and changed through the outbox: it works in a bay with no
 * signal, and says how many photos wait to upload from this device.
 */
export function TechnicianQueuePage() {
  const session = useSession();
  const store = session?.activeStore ?? null;
  const day = useBayDay(store, store ? storeToday(store) : '');
  if (!store || !session) return null;
  if (!day) return <Loader aria-label="Loading today's jobs" />;
  const me = session.user.userId;
  const mine = day.jobs.filter((j) => j.technicianId === me);
  const open = day.jobs.filter((j) => j.technicianId === null && !j.visit.workCompleteDate);
  return (
    <Stack gap="md" maw={720}>
      <div>
        <Title order={1} size="h2">
          My jobs today
        </Title>
        <Text c="dimmed" size="sm">
          {day.hours ? `Store open ${timeText(day.hours.open)}–${timeText(day.hours.close)}` : 'The store is closed today'}
        </Text>
      </div>
      {day.photosWaitingHere > 0 && (
        <Alert color="orange" role="status">
          {day.photosWaitingHere} {day.photosWaitingHere === 1 ? 'photo is' : 'photos are'} waiting to upload from this device. They go by themselves when there
          is a connection; keep the app open or come back to it.
        </Alert>
      )}
      {mine.length === 0 ? (
        <Text c="dimmed">No jobs assigned to you today.</Text>
      ) : (
        mine.map((job) => <JobCard key={job.service.scheduledServiceId} job={job} store={store} />)
      )}
      <Title order={2} size="h4" mt="sm">
        Jobs nobody has
      </Title>
      {open.length === 0 ? (
        <Text c="dimmed">Every job today has a technician.</Text>
      ) : (
        open.map((job) => <JobCard key={job.service.scheduledServiceId} job={job} store={store} take={() => syncClient().assignService(job.service, me)} />)
      )}
    </Stack>
  );
}
