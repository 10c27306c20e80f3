import { Alert, Badge, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import type { VisitTire } from '../../contract/visit-tires.ts';
import { useAction } from '../../app/use-action.ts';
import { replicaOf } from '../../db/use-replica.ts';
import { dotAgeNote, dotsRead, parseDot, showDot } from '../../domain/tires/tire-dot.ts';
import { syncClient } from '../../sync/sync-client.ts';

/**
 * One tire: what it is, and its DOT code as read off the sidewall (typed, checked as typed, kept offline too),
 * shown in its groups as the sidewall prints them. A code saved before the rule that does not read now (a week
 * not come yet) shows with the reason, to read again.
 */
function TireRow({ tire, index, today, onCopy }: { tire: VisitTire; index: number; today: string; onCopy: (() => void) | null }) {
  const [typed, setTyped] = useState(tire.dotCode ? showDot(tire.dotCode, today).text : '');
  const { problem, busy, run } = useAction('The DOT code was not saved; try again.');
  const parsed = typed.trim() === '' ? null : parseDot(typed, today);
  const age = parsed?.ok ? dotAgeNote(parsed.dot, today) : null;
  const changed = (parsed?.ok ? parsed.dot.code : null) !== tire.dotCode;
  // Leaving the field saves a code that reads right; an emptied field is cleared only by Save, never by a blur.
  const save = (clearing: boolean) => {
    if (parsed && !parsed.ok) return;
    if (!parsed && !clearing) return;
    if (changed) void run(() => syncClient().recordTireDot(tire.visitTireId, parsed ? typed : null));
  };
  return (
    <Stack gap={4}>
      <Group gap="xs" wrap="nowrap">
        <Badge variant="light" color="gray" style={{ flexShrink: 0 }}>
          Tire {index + 1}
        </Badge>
        <Text fw={600} style={{ minWidth: 0 }}>
          {tire.description}
        </Text>
      </Group>
      <TextInput
        size="md"
        label={`DOT code of tire ${index + 1}`}
        placeholder="DOT 4B3 N5 9K7R 0124"
        autoCapitalize="characters"
        autoComplete="off"
        spellCheck={false}
        value={typed}
        onChange={(e) => setTyped(e.currentTarget.value)}
        onBlur={() => save(false)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') save(true);
        }}
        error={parsed && !parsed.ok ? parsed.message : (problem ?? undefined)}
        description={age ? age.note : tire.dotCode ? undefined : 'From the sidewall: DOT, then the plant, size, option code and 4-digit week and year'}
        styles={age?.old ? { description: { color: 'var(--mantine-color-orange-8)', fontWeight: 600 } } : undefined}
        rightSectionWidth={84}
        rightSectionPointerEvents="all"
        rightSection={
          <Button
            size="compact-md"
            variant={changed ? 'filled' : 'light'}
            loading={busy}
            disabled={!changed || (parsed !== null && !parsed.ok)}
            onClick={() => save(true)}
          >
            Save
          </Button>
        }
      />
      {onCopy && (
        <Button variant="subtle" size="compact-sm" w="fit-content" onClick={onCopy}>
          Same DOT code on the tires still without one
        </Button>
      )}
    </Stack>
  );
}

/**
 * The tires this visit fits (the counter booked them from a quote): brand, line and size, no price, and each
 * one's DOT code to read off the sidewall before it goes on, for the maker's recalls and the registration. A
 * set bought together is mostly of one batch, so the first code can be copied to the rest.
 */
export function VisitTiresCard({ storeId, scheduledVisitId, today }: { storeId: number; scheduledVisitId: string; today: string }) {
  const tires = useLiveQuery(
    () => replicaOf(storeId).rows<VisitTire>('visitTires').where('scheduledVisitId').equals(scheduledVisitId).sortBy('position'),
    [storeId, scheduledVisitId],
  );
  const { problem, run } = useAction('The DOT codes were not saved; try again.');
  if (!tires || tires.length === 0) return null;
  // A misread code (saved before the rule) is not counted, nor copied to the others.
  const recorded = dotsRead(
    tires.map((t) => t.dotCode),
    today,
  );
  const first = tires.find((t) => t.dotCode && parseDot(t.dotCode, today).ok);
  const without = tires.filter((t) => !t.dotCode);
  const copy =
    first && without.length > 0
      ? () =>
          void run(async () => {
            for (const t of without) await syncClient().recordTireDot(t.visitTireId, first.dotCode, true);
          })
      : null;
  return (
    <Card withBorder padding="md" role="group" aria-label="Tires to fit">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4">
          Tires to fit
        </Title>
        <Badge color={recorded === tires.length ? 'green' : 'blue'} variant="light">
          {recorded} of {tires.length} DOT codes
        </Badge>
      </Group>
      <Stack gap="md">
        {tires.map((tire, index) => (
          <TireRow key={`${tire.visitTireId}${tire.dotCode ?? ''}`} tire={tire} index={index} today={today} onCopy={tire === first ? copy : null} />
        ))}
      </Stack>
      {problem && (
        <Alert color="red" mt="sm" role="alert">
          {problem}
        </Alert>
      )}
    </Card>
  );
}
