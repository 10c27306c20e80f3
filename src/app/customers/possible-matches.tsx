import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import type { Customer } from '../../contract/entities.ts';
import { ButtonLink } from '../links.tsx';
import { searchablePhone } from '../../domain/people/customer-search.ts';
import { displayName } from '../../domain/people/display-name.ts';
import { duplicateReasons, type DuplicateCandidate, type DuplicateReason } from '../../domain/people/duplicates.ts';
import { formatPhone } from '../../domain/people/phone.ts';
import { replicaOf } from '../../db/use-replica.ts';
import { searchCustomers } from './search-replica.ts';

/**
 * Customers already on the device who may be the one being typed (same phone, same email, similar name: the
 * rule of src/domain/people/duplicates.ts), found in the replica's search indexes, before anything is saved.
 */
export async function likelyMatches(
  storeId: number,
  wanted: Omit<DuplicateCandidate, 'customerId'>,
): Promise<{ customer: Customer; reasons: DuplicateReason[] }[]> {
  const db = replicaOf(storeId);
  const queries = [
    ...[wanted.phoneNumber, wanted.alternatePhoneNumber].map(searchablePhone).filter((p) => p !== null),
    ...(wanted.email && wanted.email.includes('@') ? [wanted.email] : []),
    // Similar names share the first name's initial (the rule): "J Smith" finds Jon, John and Jonathan Smith
    // among a thousand Smiths, where "Smith" alone would stop at the first hundred.
    ...(wanted.lastName && wanted.lastName.trim().length >= 2 ? [`${wanted.firstName?.trim()[0] ?? ''} ${wanted.lastName}`] : []),
  ];
  const seen = new Map<string, Customer>();
  for (const query of queries) for (const hit of (await searchCustomers(db, query, 100)).hits) seen.set(hit.customer.customerId, hit.customer);
  const candidate = { ...wanted, customerId: '' };
  return [...seen.values()]
    .flatMap((customer) => {
      const reasons = duplicateReasons(candidate, customer);
      return reasons.length > 0 ? [{ customer, reasons }] : [];
    })
    .sort((a, b) => b.reasons.length - a.reasons.length)
    .slice(0, 5);
}

export function PossibleMatches({ storeId, wanted }: { storeId: number; wanted: Omit<DuplicateCandidate, 'customerId'> }) {
  const key = JSON.stringify(wanted);
  const matches = useLiveQuery(() => likelyMatches(storeId, wanted), [storeId, key]);
  if (!matches || matches.length === 0) return null;
  return (
    <Stack gap="xs" role="region" aria-label="Possible matches">
      <Title order={2} size="h4">
        Is it one of these customers?
      </Title>
      <Text size="sm" c="dimmed">
        They look alike. Use the existing record rather than creating the same customer twice.
      </Text>
      {matches.map(({ customer, reasons }) => (
        <Card key={customer.customerId} withBorder padding="sm">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Text fw={600} truncate>
                {displayName(customer)}
              </Text>
              <Text size="sm" c="dimmed" truncate>
                {[customer.phoneNumber && formatPhone(customer.phoneNumber), customer.email].filter(Boolean).join(' · ')}
              </Text>
              <Group gap={4}>
                {reasons.map((r) => (
                  <Badge key={r} size="xs" variant="light" color="yellow">
                    {r}
                  </Badge>
                ))}
              </Group>
            </Stack>
            <ButtonLink size="xs" to="/customers/$customerId" params={{ customerId: customer.customerId }} style={{ flexShrink: 0 }}>
              Use this customer
            </ButtonLink>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
