import { Alert } from '@mantine/core';
import { IconPhone } from '@tabler/icons-react';
import { useLiveQuery } from 'dexie-react-hooks';
import type { Customer, InspectionReport, ScheduledVisit, TextStop } from '../contract/entities.ts';
import type { StoreLocation } from '../contract/store-location.ts';
import { replicaOf } from '../db/use-replica.ts';
import { e164 } from '../domain/people/phone.ts';
import { reportCallNote } from '../domain/messages/visit-messages.ts';

/** The counter's note on a visit (reportCallNote), live from the replica: null when there is nothing to do. */
export function useCallCustomerNote(store: StoreLocation, visit: ScheduledVisit): string | null {
  return (
    useLiveQuery(async () => {
      const db = replicaOf(store.id);
      const [report, customer] = await Promise.all([
        visit.inspectionReportId ? db.rows<InspectionReport>('inspectionReports').get(visit.inspectionReportId) : undefined,
        visit.customerId ? db.rows<Customer>('customers').get(visit.customerId) : undefined,
      ]);
      const number = e164(customer?.phoneNumber ?? null);
      const stopped = number ? (await db.rows<TextStop>('textStops').get([store.id, number] as never)) !== undefined : false;
      return reportCallNote(visit, report, customer, store, () => stopped);
    }, [store, visit]) ?? null
  );
}

/** "Call the customer: they prefer calls", where the counter reads a visit, while their inspection report waits for a call. */
export function CallCustomerNote({ store, visit }: { store: StoreLocation; visit: ScheduledVisit }) {
  const note = useCallCustomerNote(store, visit);
  if (!note) return null;
  return (
    <Alert color="orange" variant="light" icon={<IconPhone size={18} />} role="status" p="xs">
      {note}
    </Alert>
  );
}
