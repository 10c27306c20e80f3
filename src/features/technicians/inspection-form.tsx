import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  FileButton,
  Group,
  Image,
  Loader,
  NumberInput,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconCamera } from '@tabler/icons-react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useRef, useState } from 'react';
import { useSession } from '../../app/session.ts';
import { storeFormatters } from '../../app/store-time.ts';
import { useAction } from '../../app/use-action.ts';
import { readVehicleTireHistory } from '../../app/vehicles/read-vehicle-tire-history.ts';
import { shortDate } from '../../app/vehicles/tire-history-card.tsx';
import type { InspectionItem, InspectionPhoto, InspectionReport, InspectionTemplateGroup } from '../../contract/entities.ts';
import type { InspectionItemStatus } from '../../contract/enum-values.ts';
import { replicaOf } from '../../db/use-replica.ts';
import {
  completeQuestion,
  completionProblems,
  inspectionLeft,
  measurementBounds,
  measurementText,
  suggestedStatus,
} from '../../domain/inspections/inspections.ts';
import { measurementLabels } from '../../domain/inspections/inspection-template.ts';
import { treadItemHint, type TreadItemHint, type VehicleTireHistory } from '../../domain/tires/vehicle-tire-history.ts';
import { syncClient } from '../../sync/sync-client.ts';
import { AskFirst } from './ask-first.tsx';
import { storeToday } from './bay-day.ts';

type TemplateItem = InspectionTemplateGroup['items'][number];
const statusChoices: { value: InspectionItemStatus; label: string; color: string }[] = [
  { value: 'Passed', label: 'Pass', color: 'green' },
  { value: 'Warning', label: 'Warn', color: 'yellow' },
  { value: 'Failed', label: 'Fail', color: 'red' },
];

/** The photos of a report on this device, as object URLs, and which have reached the server. */
function usePhotos(storeId: number, inspectionReportId: string) {
  const data = useLiveQuery(async () => {
    const db = replicaOf(storeId);
    const photos = await db.rows<InspectionPhoto>('inspectionPhotos').where('inspectionReportId').equals(inspectionReportId).toArray();
    const blobs = await db.photoBlobs.bulkGet(photos.map((p) => p.inspectionPhotoId));
    return photos.map((photo, i) => ({ photo, blob: blobs[i]?.blob ?? null }));
  }, [storeId, inspectionReportId]);
  const [urls, setUrls] = useState<Map<string, string>>(() => new Map());
  const made = useRef(new Map<string, string>());
  const asked = useRef(new Set<string>());
  useEffect(() => {
    let added = false;
    for (const { photo, blob } of data ?? []) {
      if (blob && !made.current.has(photo.inspectionPhotoId)) {
        made.current.set(photo.inspectionPhotoId, URL.createObjectURL(blob));
        added = true;
      }
      // A photo another device took comes to this one when shown (and stays for offline), asked for once.
      if (!blob && photo.uploadedAt && !asked.current.has(photo.inspectionPhotoId)) {
        asked.current.add(photo.inspectionPhotoId);
        void syncClient()
          .fetchInspectionPhoto(photo.inspectionPhotoId)
          .catch(() => asked.current.delete(photo.inspectionPhotoId));
      }
    }
    if (added) setUrls(new Map(made.current));
  }, [data]);
  useEffect(
    () => () => {
      for (const url of made.current.values()) URL.revokeObjectURL(url);
    },
    [],
  );
  return { photos: data ?? [], urls };
}

/**
 * The inspection of one visit (issue: technicians), item by item from the store's template: pass, warn or fail
 * with big targets, a measurement where the item takes one (which suggests a status), notes, and photos from
 * the camera. Every change is saved on the device at once and sent when there is a connection.
 */
export function InspectionForm({ storeId, report, mayComplete }: { storeId: number; report: InspectionReport; mayComplete: boolean }) {
  const results = useLiveQuery(
    () => replicaOf(storeId).rows<InspectionItem>('inspectionItems').where('inspectionReportId').equals(report.inspectionReportId).toArray(),
    [storeId, report.inspectionReportId],
  );
  const { photos, urls } = usePhotos(storeId, report.inspectionReportId);
  const { problem, run: act } = useAction('That was not saved; try again.');
  const store = useSession()?.activeStore;
  const today = store ? storeToday(store) : null;
  // The vehicle's history, for the hints beside its tread items (a worn wheel last time, a tire old by its DOT code).
  const history = useLiveQuery(
    async () => (report.vehicleId && today ? readVehicleTireHistory(replicaOf(storeId), report.vehicleId, today) : null),
    [storeId, report.vehicleId, today],
  );
  const [asking, setAsking] = useState<string | null>(null);
  const byItem = new Map((results ?? []).map((r) => [r.itemId, r]));
  // Each item's field starts from its saved result: drawn once the results are read.
  if (results === undefined) return <Loader aria-label="Loading the inspection" />;
  const waiting = photos.filter(({ photo }) => !photo.uploadedAt).length;
  const done = report.completedAt !== null;
  const complete = () => syncClient().completeInspection(report.inspectionReportId, new Date().toISOString());
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2} size="h3">
          Inspection
        </Title>
        {done ? (
          <Badge color="green" size="lg">
            Complete
          </Badge>
        ) : (
          <Badge color="blue" size="lg">
            In progress
          </Badge>
        )}
      </Group>
      {waiting > 0 && (
        <Text size="sm" c="orange.8" role="status">
          {waiting} {waiting === 1 ? 'photo' : 'photos'} pending upload
        </Text>
      )}
      {report.approvedByName && (
        <Text size="sm">
          The customer answered{report.approvedAt ? ` on ${storeFormatters(store).dateTime(report.approvedAt)}` : ''}, signed {report.approvedByName}.
        </Text>
      )}
      {problem && (
        <Text c="red" role="alert">
          {problem}
        </Text>
      )}
      {report.groups.map((group) => (
        <Card key={group.groupId} withBorder padding="sm">
          <Title order={3} size="h5" mb="xs">
            {group.name}
          </Title>
          <Stack gap="md">
            {group.items.map((item) => (
              <ItemRow
                key={item.itemId}
                item={item}
                result={byItem.get(item.itemId)}
                disabled={done}
                hint={historyHint(history, item, report.inspectionReportId, storeFormatters(store).timeZone)}
                photos={photos
                  .filter(({ photo }) => photo.itemId === item.itemId)
                  .map(({ photo }) => ({ photo, url: urls.get(photo.inspectionPhotoId) ?? null }))}
                save={(result) => act(() => syncClient().saveInspectionItem(report.inspectionReportId, item.itemId, item.measurement, result))}
                addPhoto={(file) => act(() => syncClient().addInspectionPhoto(report.inspectionReportId, item.itemId, file))}
              />
            ))}
          </Stack>
        </Card>
      ))}
      {mayComplete && (
        <Group>
          {done ? (
            <Button size="lg" variant="default" onClick={() => void act(() => syncClient().completeInspection(report.inspectionReportId, null))}>
              Reopen the inspection
            </Button>
          ) : (
            <Button
              size="lg"
              onClick={() =>
                void act(async () => {
                  const problems = completionProblems(report.groups, results, new Set(photos.map(({ photo }) => photo.itemId)));
                  if (problems.length > 0) throw new Error(problems[0]);
                  const question = completeQuestion('inspection', report, inspectionLeft(report.groups, results));
                  if (question) setAsking(question);
                  else await complete();
                })
              }
            >
              Complete the inspection
            </Button>
          )}
        </Group>
      )}
      <AskFirst
        title="Complete the inspection?"
        question={asking}
        stay="Keep inspecting"
        go="Complete anyway"
        onStay={() => setAsking(null)}
        onGo={() => {
          setAsking(null);
          void act(complete);
        }}
      />
    </Stack>
  );
}

/** A tread item's hint from the vehicle's history; none for other items, or before the history is read. */
function historyHint(history: VehicleTireHistory | null | undefined, item: TemplateItem, inspectionReportId: string, timeZone: string): TreadItemHint | null {
  if (!history || item.measurement !== 'treadDepth32nds') return null;
  return treadItemHint(history, item.name, inspectionReportId, shortDate(timeZone));
}

function ItemRow({
  item,
  result,
  disabled,
  hint,
  photos,
  save,
  addPhoto,
}: {
  item: TemplateItem;
  result: InspectionItem | undefined;
  disabled: boolean;
  hint: TreadItemHint | null;
  photos: { photo: InspectionPhoto; url: string | null }[];
  save: (result: { status: InspectionItemStatus; notes: string | null; measurement: number | null }) => Promise<unknown>;
  addPhoto: (file: File) => Promise<unknown>;
}) {
  const status = result?.status ?? 'NotInspected';
  const [notes, setNotes] = useState(result?.notes ?? '');
  const [measurement, setMeasurement] = useState<number | string>(result?.measurement ?? '');
  const current = { status, notes: result?.notes ?? null, measurement: result?.measurement ?? null };
  const value = typeof measurement === 'number' ? measurement : null;
  const suggested = suggestedStatus(item.measurement, value);
  const color = statusChoices.find((c) => c.value === status)?.color;
  // Notes are saved as they are typed (a pause is enough): an app closed mid-sentence loses nothing.
  const saveNotes = useDebouncedCallback(
    (text: string) => {
      if ((text.trim() || null) !== current.notes) void save({ ...current, notes: text.trim() || null, measurement: value });
    },
    { delay: 700, flushOnUnmount: true },
  );
  // A measurement of an item not yet judged takes the status it suggests; the technician can change it.
  const saveMeasurement = useDebouncedCallback(
    (next: number | null) => {
      if (next !== current.measurement)
        void save({
          status: status === 'NotInspected' ? (suggestedStatus(item.measurement, next) ?? 'NotInspected') : status,
          notes: notes.trim() || null,
          measurement: next,
        });
    },
    { delay: 700, flushOnUnmount: true },
  );
  // The app closed or put away mid-word: what was typed is saved first.
  useEffect(() => {
    const flush = () => {
      saveNotes.flush();
      saveMeasurement.flush();
    };
    window.addEventListener('pagehide', flush);
    return () => window.removeEventListener('pagehide', flush);
  }, [saveNotes, saveMeasurement]);
  return (
    <Stack gap={6} role="group" aria-label={item.name}>
      <Group justify="space-between" wrap="nowrap">
        <Text fw={600}>{item.name}</Text>
        <Group gap={4}>
          {result?.customerDecision && (
            <Badge variant="outline" color={result.customerDecision === 'Approved' ? 'green' : 'gray'}>
              {result.customerDecision === 'Approved' ? 'Customer approved' : 'Customer declined'}
            </Badge>
          )}
          {status !== 'NotInspected' && <Badge color={color}>{status}</Badge>}
        </Group>
      </Group>
      <SegmentedControl
        fullWidth
        size="lg"
        disabled={disabled}
        aria-label={`${item.name}: result`}
        value={status === 'NotInspected' ? '' : status}
        data={statusChoices.map((c) => ({ value: c.value, label: c.label }))}
        color={color}
        onChange={(next) => void save({ ...current, status: next as InspectionItemStatus, notes: notes.trim() || null, measurement: value })}
      />
      {item.measurement !== 'none' && (
        <NumberInput
          size="md"
          label={measurementLabels[item.measurement]}
          disabled={disabled}
          {...measurementBounds[item.measurement]}
          value={measurement}
          onChange={(next) => {
            setMeasurement(next);
            saveMeasurement(typeof next === 'number' ? next : null);
          }}
          onBlur={() => saveMeasurement.flush()}
          description={suggested && suggested !== status ? `${measurementText(item.measurement, value)} suggests ${suggested}` : undefined}
        />
      )}
      {hint && !disabled && (
        <Alert color="orange" variant="light" p="xs" role="note" aria-label={`${item.name}: from the vehicle's history`}>
          <Text size="sm">{hint.text}</Text>
          {/* The history suggests the finding; the technician, at the wheel, confirms it. */}
          {hint.warnNote && status !== 'Warning' && status !== 'Failed' && (
            <Button
              size="compact-md"
              variant="light"
              color="orange"
              mt={6}
              onClick={() => {
                const note = hint.warnNote!;
                const next = notes.includes(note) ? notes.trim() : [notes.trim(), note].filter(Boolean).join('. ');
                setNotes(next);
                void save({ status: 'Warning', notes: next, measurement: value });
              }}
            >
              Warn: old tire
            </Button>
          )}
        </Alert>
      )}
      <Textarea
        size="md"
        placeholder="Notes (what you found)"
        aria-label={`${item.name}: notes`}
        autosize
        minRows={1}
        maxLength={2000}
        disabled={disabled}
        value={notes}
        onChange={(e) => {
          setNotes(e.currentTarget.value);
          saveNotes(e.currentTarget.value);
        }}
        onBlur={() => saveNotes.flush()}
      />
      <Group gap="xs">
        {photos.map(({ photo, url }) => (
          <div key={photo.inspectionPhotoId} style={{ position: 'relative' }}>
            {url ? (
              <Image src={url} w={72} h={72} radius="sm" fit="cover" alt={`Photo of ${item.name}`} />
            ) : (
              <Card w={72} h={72} withBorder p={4}>
                <Text size="xs" c="dimmed">
                  Photo
                </Text>
              </Card>
            )}
            {!photo.uploadedAt && (
              <Badge size="xs" color="orange" style={{ position: 'absolute', bottom: 2, left: 2 }}>
                waiting
              </Badge>
            )}
          </div>
        ))}
        {!disabled && (
          <FileButton accept="image/*" capture="environment" onChange={(file) => file && void addPhoto(file)}>
            {(props) => (
              <ActionIcon {...props} size={56} variant="light" aria-label={`Add a photo of ${item.name}`}>
                <IconCamera size={28} />
              </ActionIcon>
            )}
          </FileButton>
        )}
      </Group>
    </Stack>
  );
}
