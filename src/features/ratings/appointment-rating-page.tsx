import { Badge, Button, Card, Group, Loader, Rating, Stack, Text, Title } from '@mantine/core';
import { useParams } from '@tanstack/react-router';
import { AnchorLink } from '../../app/links.tsx';
import { useLiveQuery } from 'dexie-react-hooks';
import { useSession } from '../../app/session.ts';
import { storeFormatters } from '../../app/store-time.ts';
import { useAction } from '../../app/use-action.ts';
import type { Rating as RatingRecord } from '../../contract/entities.ts';
import { replicaOf } from '../../db/use-replica.ts';
import { syncClient } from '../../sync/sync-client.ts';
import { describeRatings } from './read-ratings.ts';
import { EarlierRatings } from './earlier-ratings.tsx';

/**
 * One visit's rating (route /appointment-rating/{id}, the visit's id; spec section 7's GET /visit/{visitId}/rating):
 * the stars and comment with the visit they are about, from the replica, and marking it read.
 */
export function AppointmentRatingPage() {
  const session = useSession();
  const store = session?.activeStore ?? null;
  const { id } = useParams({ strict: false }) as { id: string };
  const found = useLiveQuery(async () => {
    if (!store) return null;
    const db = replicaOf(store.id);
    const rating = await db
      .rows<RatingRecord>('ratings')
      .filter((r) => r.visitId === id)
      .first();
    return rating ? (await describeRatings(db, [rating]))[0]! : null;
  }, [store?.id, id]);
  const { problem, busy, run } = useAction('The rating could not be marked read.');
  if (!store || found === undefined) return <Loader aria-label="Loading the rating" />;
  if (found === null) {
    return (
      <Stack>
        <Title order={1} size="h2">
          Appointment rating
        </Title>
        <Text>
          This visit has no rating at this store yet. <AnchorLink to="/ratings">See all ratings</AnchorLink>
        </Text>
      </Stack>
    );
  }
  const { rating } = found;
  const formats = storeFormatters(store);
  const markRead = () => run(() => syncClient().markRatingRead(rating.ratingId));
  return (
    <Stack gap="md" maw={720}>
      <AnchorLink to="/ratings" size="sm">
        ← All ratings
      </AnchorLink>
      <Group justify="space-between">
        <Title order={1} size="h2">
          Appointment rating
        </Title>
        {rating.isRead ? (
          <Badge color="gray" variant="light">
            Read
          </Badge>
        ) : (
          <Button size="xs" loading={busy} onClick={() => void markRead()}>
            Mark read
          </Button>
        )}
      </Group>
      {problem && (
        <Text c="red" size="sm" role="alert">
          {problem}
        </Text>
      )}
      <Card withBorder>
        <Group gap="sm">
          <Rating value={rating.score} fractions={2} readOnly size="lg" role="img" aria-label={`${rating.score} of 5 stars`} />
          <Text fw={700} size="lg">
            {rating.score} of 5
          </Text>
        </Group>
        {rating.comment ? (
          <Text mt="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            “{rating.comment}”
          </Text>
        ) : (
          <Text mt="sm" c="dimmed">
            No comment.
          </Text>
        )}
        <EarlierRatings earlier={rating.previousRatings} dateTime={formats.dateTime} />
      </Card>
      <Card withBorder>
        <Stack gap={4}>
          <Text fw={600}>
            {rating.customerId ? (
              <AnchorLink to="/customers/$customerId" params={{ customerId: rating.customerId }}>
                {found.customerName ?? 'Customer'}
              </AnchorLink>
            ) : (
              (found.customerName ?? 'No customer')
            )}
          </Text>
          <Text size="sm">
            Visit on {formats.date(rating.visitDate)}
            {found.vehicle ? ` · ${found.vehicle}` : ''}
          </Text>
          {found.services.length > 0 && <Text size="sm">Services: {found.services.join(', ')}</Text>}
          {found.technicians.length > 0 && <Text size="sm">Technicians: {found.technicians.join(', ')}</Text>}
          <AnchorLink to="/scheduler-dayview/appointments/$scheduledVisitId/{-$scheduledServiceId}" params={{ scheduledVisitId: id }} size="sm">
            Open the appointment
          </AnchorLink>
        </Stack>
      </Card>
    </Stack>
  );
}
