import { Alert, Button, Stack, Text } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import type { CollectionName } from '../contract/sync.ts';
import type { Conflict } from '../db/store-db.ts';
import { signedInUser } from '../db/signed-in-user.ts';
import { replicaOf } from '../db/use-replica.ts';
import { syncClient } from '../sync/sync-client.ts';
import { relativeTime } from './relative-time.ts';

export interface ConflictNoticeProps {
  storeId: number;
  collection: CollectionName;
  /** The rows the screen shows (key strings); all rows of the collection when absent. */
  keys?: readonly string[];
  /** How the screen names a field and shows a value of it. */
  describe: (conflict: Conflict) => { field: string; mine: string; theirs: string };
}

/** Conflicts of the rows a screen shows, live from the replica: a hook for screens that place the notice themselves. */
export function useConflicts(storeId: number, collection: CollectionName, keys?: readonly string[]): Conflict[] {
  return (
    useLiveQuery(async () => {
      const all = await replicaOf(storeId).conflicts.toArray();
      return all.filter((c) => c.collection === collection && (!keys || keys.includes(c.key)));
    }, [storeId, collection, keys?.join('|')]) ?? []
  );
}

function who(conflict: Conflict): string {
  if (conflict.byUserId && conflict.byUserId === signedInUser()) return 'you on another device';
  return conflict.by ?? 'someone else';
}

/**
 * A change made on this device that a later change from elsewhere replaced (last writer wins per field,
 * DESIGN.md): who changed it, when, from what to what; shown on the row's screen until dismissed.
 */
export function ConflictNotice({ storeId, collection, keys, describe }: ConflictNoticeProps) {
  const conflicts = useConflicts(storeId, collection, keys);
  if (conflicts.length === 0) return null;
  return (
    <Stack gap="xs">
      {conflicts.map((conflict) => {
        const { field, mine, theirs } = describe(conflict);
        return (
          <Alert key={conflict.id} color="yellow" title="Your change was replaced" role="status">
            <Text size="sm">
              {field} is now {theirs}: changed by {who(conflict)}
              {conflict.at ? `, ${relativeTime(conflict.at)}` : ''}. You had set it to {mine} here.
            </Text>
            <Button size="xs" variant="light" mt="xs" onClick={() => void syncClient().dismissConflict(storeId, conflict.id!)}>
              Dismiss
            </Button>
          </Alert>
        );
      })}
    </Stack>
  );
}
