import { ActionIcon, Alert, Button, Card, Group, Loader, Select, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { LeaveGuard } from '../../app/leave-guard.tsx';
import { useSession } from '../../app/session.ts';
import type { InspectionTemplate, InspectionTemplateGroup } from '../../contract/entities.ts';
import type { StoreLocation } from '../../contract/store-location.ts';
import { replicaOf } from '../../db/use-replica.ts';
import { defaultInspectionGroups, inspectionTemplateProblems, measurementLabels } from '../../domain/inspections/inspection-template.ts';
import { syncClient } from '../../sync/sync-client.ts';
import { WaitingBadge } from '../../app/edit-dialog.tsx';
import { StoreFormFrame, useStoreForm } from './store-form.tsx';

type Measurement = keyof typeof measurementLabels;
const measurementChoices = Object.entries(measurementLabels).map(([value, label]) => ({ value, label }));
const newId = () => crypto.randomUUID();

function moved<T>(list: T[], index: number, by: -1 | 1): T[] {
  const next = [...list];
  const [item] = next.splice(index, 1);
  next.splice(index + by, 0, item!);
  return next;
}

/** The report link and the store's inspection template (settings, inspection reports). */
export function InspectionPage() {
  const session = useSession();
  const store = session?.activeStore ?? null;
  if (!store) return null;
  return (
    <Stack maw={820} gap="xl">
      <ReportLink store={store} />
      <TemplateEditor storeId={store.id} />
    </Stack>
  );
}

function ReportLink({ store }: { store: StoreLocation }) {
  const state = useStoreForm(store, {
    values: (s) => ({ inspectionReportLinkEnabled: s.inspectionReportLinkEnabled }),
    fields: (v) => ({ inspectionReportLinkEnabled: v.inspectionReportLinkEnabled }),
  });
  return (
    <StoreFormFrame
      store={store}
      title="Inspection Reports"
      description="What technicians check on every vehicle, and whether customers get the report."
      state={state}
    >
      <Card withBorder>
        <Switch label="Send customers a link to their inspection report" {...state.form.getInputProps('inspectionReportLinkEnabled', { type: 'checkbox' })} />
      </Card>
    </StoreFormFrame>
  );
}

function TemplateEditor({ storeId }: { storeId: number }) {
  const stored = useLiveQuery(async () => {
    const db = replicaOf(storeId);
    const [template, waiting] = await Promise.all([
      db.rows<InspectionTemplate>('inspectionTemplates').get(storeId),
      db.outbox.filter((e) => e.collection === 'inspectionTemplates').first(),
    ]);
    return { groups: template?.groups ?? null, waiting };
  }, [storeId]);
  const [draft, setDraft] = useState<InspectionTemplateGroup[] | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const saved = stored?.groups ?? null;
  if (!stored) return <Loader aria-label="Loading the inspection template" />;
  // Until the person edits, the editor shows the template as stored (a change from another device too).
  const groups = draft ?? saved ?? [];
  const dirty = draft !== null && JSON.stringify(draft) !== JSON.stringify(saved);
  const edit = (next: InspectionTemplateGroup[]) => {
    setDraft(next);
    setProblems([]);
  };
  const editGroup = (gi: number, change: Partial<InspectionTemplateGroup>) => edit(groups.map((g, i) => (i === gi ? { ...g, ...change } : g)));
  const editItem = (gi: number, ii: number, change: Partial<InspectionTemplateGroup['items'][number]>) =>
    editGroup(gi, { items: groups[gi]!.items.map((item, i) => (i === ii ? { ...item, ...change } : item)) });
  const save = async () => {
    const found = inspectionTemplateProblems(groups).groups ?? [];
    setProblems(found);
    if (found.length > 0) return;
    setError(null);
    try {
      await syncClient().saveInspectionTemplate(groups);
      setDraft(null);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };

  return (
    <Stack gap="sm">
      <LeaveGuard unsaved={() => dirty} what="changes to the inspection template" />
      <Group justify="space-between">
        <div>
          <Title order={2} size="h3">
            Inspection template
          </Title>
          <Text size="sm" c="dimmed">
            The groups and items technicians go through, in this order. Items with a measurement ask for a number.
          </Text>
        </div>
        {!dirty && <WaitingBadge entry={stored.waiting} />}
      </Group>
      {saved === null && draft === null && (
        <Alert color="blue" title="No template yet">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">Start from the usual multi-point inspection and change it to fit the store.</Text>
            <Button size="xs" onClick={() => edit(defaultInspectionGroups(newId))}>
              Start from the usual inspection
            </Button>
          </Stack>
        </Alert>
      )}
      {groups.map((group, gi) => (
        <Card key={group.groupId} withBorder padding="sm">
          <Group gap="xs" wrap="nowrap" mb="xs">
            <TextInput
              aria-label={`Name of group ${gi + 1}`}
              value={group.name}
              maxLength={100}
              style={{ flex: 1 }}
              fw={600}
              onChange={(e) => editGroup(gi, { name: e.currentTarget.value })}
            />
            <ActionIcon variant="subtle" disabled={gi === 0} aria-label={`Move ${group.name} up`} onClick={() => edit(moved(groups, gi, -1))}>
              <IconArrowUp size={16} />
            </ActionIcon>
            <ActionIcon variant="subtle" disabled={gi === groups.length - 1} aria-label={`Move ${group.name} down`} onClick={() => edit(moved(groups, gi, 1))}>
              <IconArrowDown size={16} />
            </ActionIcon>
            <ActionIcon variant="subtle" color="red" aria-label={`Remove group ${group.name}`} onClick={() => edit(groups.filter((_, i) => i !== gi))}>
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
          <Stack gap={6} pl={{ base: 0, sm: 'md' }}>
            {group.items.map((item, ii) => (
              <Group key={item.itemId} gap="xs" wrap="wrap">
                <TextInput
                  aria-label={`Item ${ii + 1} of ${group.name}`}
                  value={item.name}
                  maxLength={150}
                  style={{ flex: '2 1 180px' }}
                  onChange={(e) => editItem(gi, ii, { name: e.currentTarget.value })}
                />
                <Select
                  aria-label={`Measurement of ${item.name || `item ${ii + 1}`}`}
                  data={measurementChoices}
                  value={item.measurement}
                  allowDeselect={false}
                  style={{ flex: '1 1 200px' }}
                  onChange={(value) => value && editItem(gi, ii, { measurement: value as Measurement })}
                />
                <Group gap={2} wrap="nowrap">
                  <ActionIcon
                    variant="subtle"
                    disabled={ii === 0}
                    aria-label={`Move ${item.name} up`}
                    onClick={() => editGroup(gi, { items: moved(group.items, ii, -1) })}
                  >
                    <IconArrowUp size={16} />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    disabled={ii === group.items.length - 1}
                    aria-label={`Move ${item.name} down`}
                    onClick={() => editGroup(gi, { items: moved(group.items, ii, 1) })}
                  >
                    <IconArrowDown size={16} />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Remove ${item.name || `item ${ii + 1}`}`}
                    onClick={() => editGroup(gi, { items: group.items.filter((_, i) => i !== ii) })}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
              </Group>
            ))}
            <Button
              variant="subtle"
              size="xs"
              w="fit-content"
              leftSection={<IconPlus size={14} />}
              onClick={() => editGroup(gi, { items: [...group.items, { itemId: newId(), name: '', measurement: 'none' }] })}
            >
              Add item to {group.name || 'this group'}
            </Button>
          </Stack>
        </Card>
      ))}
      {problems.length > 0 && (
        <Alert color="red" title="Fix these first" role="alert">
          {problems.map((p) => (
            <Text key={p} size="sm">
              {p}
            </Text>
          ))}
        </Alert>
      )}
      {error && (
        <Alert color="red" title="Not saved">
          {error}
        </Alert>
      )}
      <Group gap="sm">
        <Button onClick={() => void save()} disabled={!dirty}>
          Save template
        </Button>
        <Button
          variant="default"
          disabled={!dirty}
          onClick={() => {
            setDraft(null);
            setProblems([]);
          }}
        >
          Undo changes
        </Button>
        <Button
          variant="light"
          leftSection={<IconPlus size={16} />}
          onClick={() => edit([...groups, { groupId: newId(), name: '', items: [{ itemId: newId(), name: '', measurement: 'none' }] }])}
        >
          Add group
        </Button>
      </Group>
    </Stack>
  );
}
