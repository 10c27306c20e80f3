import { Badge, Box, Card, Group, Loader, NativeSelect, Progress, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useSession } from '../../app/session.ts';
import { useAction } from '../../app/use-action.ts';
import type { StoreLocation } from '../../contract/store-location.ts';
import { timeText } from '../../domain/store/store-hours.ts';
import { isRunningLate } from '../../domain/scheduler/technician-rules.ts';
import { syncClient } from '../../sync/sync-client.ts';
import { storeToday, useBayDay, type BayJob } from './bay-day.ts';
import { JobCard } from './job-card.tsx';

const unassigned = 'unassigned';
const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/**
 * The lead technician's board (route /technicians): every technician's jobs of the day side by side and the
 * jobs nobody has, each technician's booked hours against the store's hours, late jobs marked. A job moves to
 * another technician by dragging it to their column, or by its "Move to" list (keyboard and touch).
 */
export function LeadBoardPage() {
  const session = useSession();
  const store = session?.activeStore ?? null;
  const day = useBayDay(store, store ? storeToday(store) : '');
  const [dragged, setDragged] = useState<BayJob | null>(null);
  const { problem, run } = useAction('The job was not moved; try again.');
  if (!store) return null;
  if (!day) return <Loader aria-label="Loading the board" />;
  const now = new Date();
  const openMinutes = day.hours ? minutesOf(day.hours.close) - minutesOf(day.hours.open) : 0;
  // The jobs nobody has come first (they are what the lead acts on), then the technicians with work, then the rest.
  const busy = new Set(day.jobs.map((j) => j.technicianId));
  const columns = [
    { id: unassigned, name: 'Nobody yet' },
    ...day.technicians.filter((t) => busy.has(t.userId)).map((t) => ({ id: t.userId, name: t.name })),
    ...day.technicians.filter((t) => !busy.has(t.userId)).map((t) => ({ id: t.userId, name: t.name })),
  ];
  const move = (job: BayJob, to: string) => run(() => syncClient().assignService(job.service, to === unassigned ? null : to));
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1} size="h2">
          Lead Technician
        </Title>
        <Text c="dimmed" size="sm">
          {day.hours ? `Open ${timeText(day.hours.open)}–${timeText(day.hours.close)} today` : 'Closed today'} · {day.jobs.length} jobs
        </Text>
      </Group>
      {problem && (
        <Text c="red" role="alert">
          {problem}
        </Text>
      )}
      {/* A grid that wraps to the screen: every column is on the page, none hidden past a sideways scroll. */}
      <Box
        style={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 16rem), 1fr))',
          alignItems: 'start',
          gap: 'var(--mantine-spacing-sm)',
        }}
      >
        {columns.map((column) => {
          const jobs = day.jobs.filter((j) => (j.technicianId ?? unassigned) === column.id);
          const booked = jobs.filter((j) => !j.visit.workCompleteDate).reduce((sum, j) => sum + j.service.durationInMinutes, 0);
          return (
            <Card
              key={column.id}
              withBorder
              padding="xs"
              bg="var(--mantine-color-gray-0)"
              role="region"
              aria-label={`${column.name}'s jobs`}
              onDragOver={(e) => {
                if (dragged) e.preventDefault();
              }}
              onDrop={(e) => {
                e.preventDefault();
                if (dragged && (dragged.technicianId ?? unassigned) !== column.id) void move(dragged, column.id);
                setDragged(null);
              }}
            >
              <Stack gap={4} mb="xs">
                <Group justify="space-between">
                  <Text fw={700}>{column.name}</Text>
                  <Badge variant="light">{jobs.length}</Badge>
                </Group>
                {column.id !== unassigned && (
                  <>
                    <Progress
                      value={openMinutes ? Math.min(100, (booked / openMinutes) * 100) : 0}
                      color={booked > openMinutes ? 'red' : 'blue'}
                      aria-label={`${column.name}'s workload`}
                    />
                    <Text size="xs" c="dimmed">
                      {(booked / 60).toFixed(1)} h of work left · {(openMinutes / 60).toFixed(1)} h open
                    </Text>
                  </>
                )}
              </Stack>
              <Stack gap="xs">
                {jobs.length === 0 && (
                  <Text size="sm" c="dimmed">
                    No jobs.
                  </Text>
                )}
                {jobs.map((job) => {
                  const late = isRunningLate(job.service, job.visit, now);
                  return (
                    <div
                      key={job.service.scheduledServiceId}
                      draggable
                      onDragStart={() => setDragged(job)}
                      onDragEnd={() => setDragged(null)}
                      style={{ outline: late ? '2px solid var(--mantine-color-red-6)' : undefined, borderRadius: 8 }}
                    >
                      <JobCard job={job} store={store as StoreLocation} compact />
                      <Group gap={4} mt={4} justify="space-between" wrap="nowrap">
                        {late ? (
                          <Badge color="red" size="sm">
                            Running late
                          </Badge>
                        ) : (
                          <span />
                        )}
                        <NativeSelect
                          size="xs"
                          aria-label="Move to"
                          value={job.technicianId ?? unassigned}
                          onChange={(e) => void move(job, e.currentTarget.value)}
                          data={columns.map((c) => ({ value: c.id, label: c.id === unassigned ? 'Nobody' : c.name }))}
                        />
                      </Group>
                    </div>
                  );
                })}
              </Stack>
            </Card>
          );
        })}
      </Box>
    </Stack>
  );
}
