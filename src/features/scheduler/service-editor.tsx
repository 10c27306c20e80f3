import { Alert, Button, Group, NumberInput, Select, Stack, Textarea } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { useState } from 'react';
import type { AppointmentResource, ScheduledService, StoreService } from '../../contract/entities.ts';
import { isTimeOfDay } from '../../contract/store-week.ts';
import { durationProblem, snapDuration } from '../../domain/calendar/durations.ts';
import { instantToWallClock, wallClockIsoToInstant } from '../../domain/calendar/time-zone.ts';
import { syncClient } from '../../sync/sync-client.ts';
import { useAction } from '../../app/use-action.ts';
import { useBookingCatalogue } from './use-scheduler.ts';

interface Props {
  storeId: number;
  scheduledVisitId: string;
  services: ScheduledService[];
  serviceName(id: string | null): string;
  columns: { value: string; label: string }[];
  timeZone: string;
  focus: string | undefined;
}

/**
 * What work a visit holds: change a service (which one of the store's, its length, its notes) or add another,
 * by default right after the last on the same column. Both go through the outbox like a drag.
 */
export function ServiceEditor(props: Props) {
  const [mode, setMode] = useState<'closed' | 'change' | 'add'>('closed');
  const catalogue = useBookingCatalogue(props.storeId);
  if (mode === 'closed') {
    return (
      <Group gap="xs">
        <Button variant="light" size="xs" onClick={() => setMode('change')}>
          Change a service…
        </Button>
        <Button variant="light" size="xs" onClick={() => setMode('add')}>
          Add a service…
        </Button>
      </Group>
    );
  }
  const offered = (catalogue?.services ?? []).map((s) => ({ value: s.storeServiceId, label: `${s.name} (${s.durationInMinutes} min)` }));
  const close = () => setMode('closed');
  if (mode === 'change') return <ChangeService {...props} offered={offered} catalogue={catalogue?.services ?? []} onDone={close} />;
  return <AddService {...props} offered={offered} catalogue={catalogue?.services ?? []} able={catalogue?.able ?? []} onDone={close} />;
}

/** A form's failure in words, then Cancel and its save button (busy while the change is queued). */
function FormFooter({ problem, busy, label, onCancel, onSave }: { problem: string | null; busy: boolean; label: string; onCancel(): void; onSave(): void }) {
  return (
    <>
      {problem && <Alert color="red">{problem}</Alert>}
      <Group justify="flex-end">
        <Button variant="default" size="xs" onClick={onCancel}>
          Cancel
        </Button>
        <Button size="xs" loading={busy} onClick={onSave}>
          {label}
        </Button>
      </Group>
    </>
  );
}

/** The length the store's catalogue gives a service, on the form's 15-minute steps. */
const catalogueLength = (catalogue: StoreService[], id: string | null) => {
  const length = catalogue.find((s) => s.storeServiceId === id)?.durationInMinutes;
  return length ? snapDuration(length) : null;
};

interface FormProps extends Props {
  offered: { value: string; label: string }[];
  catalogue: StoreService[];
  onDone(): void;
}

function ChangeService({ services, serviceName, focus, offered, catalogue, onDone }: FormProps) {
  const first = services.find((x) => x.scheduledServiceId === focus) ?? services[0];
  const [id, setId] = useState(first?.scheduledServiceId ?? null);
  const [storeServiceId, setStoreServiceId] = useState(first?.storeServiceId ?? null);
  const [minutes, setMinutes] = useState<number | string>(first?.durationInMinutes ?? 60);
  const [notes, setNotes] = useState(first?.serviceNotes ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const action = useAction('The service was not saved.');
  const service = services.find((x) => x.scheduledServiceId === id);
  if (!service) return null;
  const choose = (next: string | null) => {
    const chosen = services.find((x) => x.scheduledServiceId === next);
    if (!chosen) return;
    setId(next);
    setStoreServiceId(chosen.storeServiceId);
    setMinutes(chosen.durationInMinutes);
    setNotes(chosen.serviceNotes ?? '');
  };
  const chooseWork = (next: string | null) => {
    setStoreServiceId(next);
    setMinutes((before) => catalogueLength(catalogue, next) ?? before);
  };
  const save = () => {
    const wrong = durationProblem(Number(minutes));
    setProblem(wrong);
    if (wrong) return;
    void action.run(async () => {
      await syncClient().changeScheduledService(service.scheduledServiceId, {
        storeServiceId,
        durationInMinutes: Number(minutes),
        serviceNotes: notes.trim() || null,
      });
      onDone();
    });
  };
  return (
    <Stack gap="xs" role="group" aria-label="Change a service">
      {services.length > 1 && (
        <Select
          label="Which service"
          value={id}
          onChange={choose}
          allowDeselect={false}
          data={services.map((x) => ({ value: x.scheduledServiceId, label: serviceName(x.storeServiceId) }))}
        />
      )}
      <Select
        label="Service"
        placeholder="Not one of the store's services"
        searchable
        clearable
        value={storeServiceId}
        onChange={chooseWork}
        data={offered}
        nothingFoundMessage="No service by that name"
      />
      <NumberInput label="Minutes" description="In steps of 15; the end follows" min={15} step={15} value={minutes} onChange={setMinutes} error={problem} />
      <Textarea label="Service notes" autosize minRows={2} maxLength={4000} value={notes} onChange={(e) => setNotes(e.currentTarget.value)} />
      <FormFooter problem={action.problem} busy={action.busy} label="Save service" onCancel={onDone} onSave={save} />
    </Stack>
  );
}

function AddService({ scheduledVisitId, services, columns, timeZone, offered, catalogue, able, onDone }: FormProps & { able: AppointmentResource[] }) {
  const last = services.at(-1);
  const lastEnd = last ? instantToWallClock(last.endDate, timeZone) : null;
  const [storeServiceId, setStoreServiceId] = useState<string | null>(null);
  const [resourceId, setResourceId] = useState(last?.resourceId ?? columns[0]?.value ?? null);
  const [time, setTime] = useState(lastEnd?.slice(11, 16) ?? '');
  const [minutes, setMinutes] = useState<number | string>(60);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const action = useAction('The service was not added.');
  const chooseWork = (next: string | null) => {
    setStoreServiceId(next);
    setMinutes((before) => catalogueLength(catalogue, next) ?? before);
  };
  const canDo = (column: string) => !storeServiceId || able.some((a) => a.appointmentResourceId === column && a.storeServiceId === storeServiceId);
  const save = () => {
    const found: Record<string, string> = {};
    if (!storeServiceId) found.service = 'Choose the service to add.';
    if (!resourceId) found.resource = 'Choose the technician or bay.';
    if (!isTimeOfDay(time)) found.time = 'Enter the start time, such as 09:30.';
    const wrong = durationProblem(Number(minutes));
    if (wrong) found.minutes = wrong;
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    const day = (lastEnd ?? instantToWallClock(new Date().toISOString(), timeZone)).slice(0, 10);
    const startDate = wallClockIsoToInstant(`${day}T${time}:00`, timeZone);
    void action.run(async () => {
      await syncClient().addScheduledService(scheduledVisitId, {
        scheduledServiceId: crypto.randomUUID(),
        storeServiceId,
        resourceId,
        startDate,
        endDate: startDate,
        durationInMinutes: Number(minutes),
        serviceNotes: null,
        selectedTechnician: null,
      });
      onDone();
    });
  };
  return (
    <Stack gap="xs" role="group" aria-label="Add a service">
      <Select
        label="Service"
        placeholder="Choose a service"
        searchable
        value={storeServiceId}
        onChange={chooseWork}
        data={offered}
        error={problems.service}
        nothingFoundMessage="No service by that name"
      />
      <Select
        label="Technician or bay"
        value={resourceId}
        onChange={setResourceId}
        allowDeselect={false}
        error={problems.resource}
        data={columns.map((c) => ({ value: c.value, label: canDo(c.value) ? c.label : `${c.label} (not set up for this service)` }))}
      />
      <Group grow align="flex-start">
        <TimeInput label="Starts" value={time} onChange={(e) => setTime(e.currentTarget.value)} error={problems.time} />
        <NumberInput label="Minutes" min={15} step={15} value={minutes} onChange={setMinutes} error={problems.minutes} />
      </Group>
      <FormFooter problem={action.problem} busy={action.busy} label="Add service" onCancel={onDone} onSave={save} />
    </Stack>
  );
}
