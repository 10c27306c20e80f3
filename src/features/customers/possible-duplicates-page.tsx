import { Alert, Badge, Button, Card, Group, Loader, Modal, Radio, Stack, Text, Title } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import type { Customer, CustomerDuplicateDismissal } from '../../contract/entities.ts';
import { AnchorLink } from '../../app/links.tsx';
import { useSession } from '../../app/session.ts';
import { storeFormatters } from '../../app/store-time.ts';
import { displayName } from '../../domain/people/display-name.ts';
import { mergeableInto, pairKey, type DuplicateReason } from '../../domain/people/duplicates.ts';
import { formatPhone } from '../../domain/people/phone.ts';
import { replicaOf } from '../../db/use-replica.ts';
import { syncClient } from '../../sync/sync-client.ts';
import { useCustomerSummary } from './use-customer-summary.ts';

interface Group {
  customers: Customer[];
  reasons: DuplicateReason[];
  /** Pairs someone said are different people (a group can chain past one). */
  apart: ReadonlySet<string>;
}

/**
 * Groups of customers that look like one person (worked out in the sync worker, which compares only the customers
 * changed since it last did); pending merges named. Reading the replica's customer count makes the page ask
 * again after any change of a customer.
 */
async function groupsOnDevice(storeId: number): Promise<{ groups: Group[]; merging: Set<string>; refused: Set<string> }> {
  const db = replicaOf(storeId);
  const [, dismissals, outbox] = await Promise.all([
    db.rows<Customer>('customers').count(),
    db.rows<CustomerDuplicateDismissal>('customerDuplicateDismissals').toArray(),
    db.outbox.where('entity').startsWith('customers/').toArray(),
  ]);
  const apart = new Set(dismissals.map((d) => pairKey(d.customerId, d.otherCustomerId)));
  const groups = (await syncClient().possibleDuplicates(storeId)).map((g) => ({ ...g, apart }));
  const merges = outbox.filter((e) => e.description === 'Merge customers');
  return {
    groups,
    merging: new Set(merges.filter((e) => e.status === 'pending').map((e) => e.key)),
    refused: new Set(merges.filter((e) => e.status === 'failed').map((e) => e.key)),
  };
}

/**
 * Possible duplicates (spec route /possible-duplicates): customers with the same phone, the same email or a
 * similar name, with why. Merge keeps one and moves the others' vehicles, visits, messages and ratings to it;
 * "Not the same person" hides the group for good. Both work offline, queued like any change.
 */
export function PossibleDuplicatesPage() {
  const session = useSession();
  const store = session?.activeStore ?? null;
  const data = useLiveQuery(() => (store ? groupsOnDevice(store.id) : Promise.resolve(null)), [store?.id]);
  if (!store) return null;
  return (
    <Stack maw={900}>
      <Title order={1} size="h2">
        Possible Duplicates
      </Title>
      <Text c="dimmed">Customers entered more than once split a history across records. Merge them into one, or say they are different people.</Text>
      {!data ? (
        <Loader aria-label="Looking for duplicates" />
      ) : data.groups.length === 0 ? (
        <Alert color="secondary" title="No possible duplicates">
          Customers with the same phone, the same email or a similar name would show here.
        </Alert>
      ) : (
        data.groups.map((group) => (
          <DuplicateGroupCard
            key={group.customers.map((c) => c.customerId).join('|')}
            group={group}
            storeId={store.id}
            formatDate={storeFormatters(store).date}
          />
        ))
      )}
      {data && data.merging.size > 0 && (
        <Text size="sm" c="dimmed">
          {data.merging.size} {data.merging.size === 1 ? 'merge is' : 'merges are'} waiting to be sent; the merged customers are already gone from this device.
        </Text>
      )}
      {data && data.refused.size > 0 && (
        <Alert color="error" title={data.refused.size === 1 ? 'A merge was refused' : `${data.refused.size} merges were refused`}>
          The server did not accept {data.refused.size === 1 ? 'it' : 'them'}. Open the sync status at the top to read why, try again, or discard the merge to
          bring the customer back.
        </Alert>
      )}
    </Stack>
  );
}

function DuplicateGroupCard({ group, storeId, formatDate }: { group: Group; storeId: number; formatDate: (iso: string) => string }) {
  const [kept, setKept] = useState(group.customers[0]!.customerId);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const { merge: mergedIds, leftOut: leftOutIds } = mergeableInto(
    kept,
    group.customers.map((c) => c.customerId),
    group.apart,
  );
  const others = group.customers.filter((c) => mergedIds.includes(c.customerId));
  const leftOut = group.customers.filter((c) => leftOutIds.includes(c.customerId));
  const keptCustomer = group.customers.find((c) => c.customerId === kept)!;

  const act = async (work: () => Promise<unknown>) => {
    setBusy(true);
    setFailure(null);
    try {
      await work();
    } catch (error) {
      setFailure((error as Error).message);
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };
  const merge = () =>
    act(async () => {
      for (const other of others) await syncClient().mergeCustomers(kept, other.customerId);
    });
  const notSame = () =>
    act(async () => {
      for (let i = 0; i < group.customers.length; i++) {
        for (let j = i + 1; j < group.customers.length; j++)
          await syncClient().markNotDuplicate(group.customers[i]!.customerId, group.customers[j]!.customerId);
      }
    });

  return (
    <Card withBorder padding="md" role="group" aria-label={`Possible duplicates: ${group.customers.map(displayName).join(', ')}`}>
      <Stack gap="sm">
        <Group gap={6}>
          {group.reasons.map((r) => (
            <Badge key={r} color="yellow" variant="light">
              {r}
            </Badge>
          ))}
        </Group>
        <Radio.Group value={kept} onChange={setKept} label="Keep this record" description="The others' vehicles, visits, messages and ratings move to it.">
          <Stack gap="xs" mt="xs">
            {group.customers.map((c) => (
              <DuplicateRow key={c.customerId} customer={c} storeId={storeId} formatDate={formatDate} />
            ))}
          </Stack>
        </Radio.Group>
        {failure && <Alert color="error">{failure}</Alert>}
        <Group>
          <Button onClick={() => setConfirming(true)} loading={busy} disabled={others.length === 0}>
            Merge into {displayName(keptCustomer)}
          </Button>
          <Button variant="default" onClick={() => void notSame()} loading={busy}>
            Not the same person
          </Button>
        </Group>
      </Stack>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title="Merge these customers?" centered>
        <Text>
          {others.map(displayName).join(', ')} {others.length === 1 ? 'is' : 'are'} merged into {displayName(keptCustomer)}: vehicles, visits, messages and
          ratings move there, and {others.length === 1 ? 'that record is' : 'those records are'} removed. This cannot be undone.
        </Text>
        {leftOut.length > 0 && (
          <Text mt="sm" size="sm" c="dimmed">
            {leftOut.map(displayName).join(', ')} {leftOut.length === 1 ? 'stays' : 'stay'} as {leftOut.length === 1 ? 'it is' : 'they are'}: marked earlier as
            a different person.
          </Text>
        )}
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setConfirming(false)}>
            Cancel
          </Button>
          <Button color="error" onClick={() => void merge()} loading={busy}>
            Merge
          </Button>
        </Group>
      </Modal>
    </Card>
  );
}

function DuplicateRow({ customer, storeId, formatDate }: { customer: Customer; storeId: number; formatDate: (iso: string) => string }) {
  const summary = useCustomerSummary(storeId, customer.customerId);
  return (
    <Group wrap="nowrap" align="flex-start" gap="sm">
      <Radio value={customer.customerId} aria-label={`Keep ${displayName(customer)}`} mt={4} />
      <Stack gap={0} style={{ minWidth: 0 }}>
        <AnchorLink fw={600} to="/customers/$customerId" params={{ customerId: customer.customerId }}>
          {displayName(customer) || 'No name'}
        </AnchorLink>
        <Text size="sm" truncate>
          {[customer.phoneNumber && formatPhone(customer.phoneNumber), customer.email].filter(Boolean).join(' · ') || 'No phone or email'}
        </Text>
        <Text size="xs" c="dimmed">
          Added {formatDate(customer.createdOn)}
          {summary
            ? ` · ${summary.vehicles.length} ${summary.vehicles.length === 1 ? 'vehicle' : 'vehicles'} · ${summary.visitCount} ${summary.visitCount === 1 ? 'visit' : 'visits'} here`
            : ''}
        </Text>
      </Stack>
    </Group>
  );
}
