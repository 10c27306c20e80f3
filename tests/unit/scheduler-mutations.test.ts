import { describe, expect, it } from 'vitest';
import { schedulerMutations } from '../../workers/scheduler-mutations.ts';

const service = {
  scheduledServiceId: '5b0c3f7e-8f0a-4f5e-9f59-3a1d2c1b0a01',
  scheduledVisitId: '5b0c3f7e-8f0a-4f5e-9f59-3a1d2c1b0a02',
  storeServiceId: null,
  resourceId: 'bay-1',
  startDate: '2030-06-04T14:00:00.000Z',
  endDate: '2030-06-04T15:00:00.000Z',
  durationInMinutes: 60,
  serviceNotes: null,
  selectedTechnician: null,
  storeId: 7,
};

describe('calendar changes made on the device', () => {
  it('send nothing when an appointment is dropped where it was', () => {
    const move = schedulerMutations.placeScheduledService(service.scheduledServiceId, {
      resourceId: 'bay-1',
      startDate: service.startDate,
      durationInMinutes: 60,
    });
    expect(move.build(service)).toBeNull();
  });

  it('send only what a move changed, with the end following start and duration', () => {
    const move = schedulerMutations.placeScheduledService(service.scheduledServiceId, {
      resourceId: 'bay-2',
      startDate: '2030-06-04T16:00:00.000Z',
      durationInMinutes: 60,
    });
    const built = move.build(service)!;
    expect(built.request.method).toBe('PATCH');
    expect(built.request.path).toBe(`/api/alltrac/scheduled-visits/${service.scheduledVisitId}/scheduled-services/${service.scheduledServiceId}`);
    expect(built.request.body).toEqual(
      expect.arrayContaining([
        { op: 'replace', path: '/resourceId', value: 'bay-2' },
        { op: 'replace', path: '/startDate', value: '2030-06-04T16:00:00.000Z' },
        { op: 'replace', path: '/endDate', value: '2030-06-04T17:00:00.000Z' },
      ]),
    );
    expect((built.request.body as unknown[]).length).toBe(3);
  });

  it('refuse a resize to a duration the server would refuse, before anything is stored', () => {
    expect(() =>
      schedulerMutations.placeScheduledService(service.scheduledServiceId, { resourceId: 'bay-1', startDate: service.startDate, durationInMinutes: 20 }),
    ).toThrow('The move was not saved: Durations go in steps of 15 minutes: use 15.');
  });

  it('book a visit and its services as one visit call then one call per service, each service waiting for its visit', () => {
    const visitId = '5b0c3f7e-8f0a-4f5e-9f59-3a1d2c1b0a03';
    const changes = schedulerMutations.bookVisit(
      7,
      {
        scheduledVisitId: visitId,
        scheduledVisitHashId: 'Qm3xZ8pL2vR7tK9wN4yB1c',
        customerId: null,
        vehicleId: null,
        customerVehicleStatus: 2,
        description: null,
        staffNotes: null,
        customerComments: null,
        keyTag: null,
        visitAppointmentCount: 1,
        scheduledCustomerCheckIn: null,
        pickUpTime: null,
      },
      [
        {
          scheduledServiceId: '5b0c3f7e-8f0a-4f5e-9f59-3a1d2c1b0a04',
          storeServiceId: null,
          resourceId: '5b0c3f7e-8f0a-4f5e-9f59-3a1d2c1b0a05',
          startDate: service.startDate,
          endDate: service.startDate,
          durationInMinutes: 60,
          serviceNotes: null,
          selectedTechnician: null,
        },
      ],
      'Uma User',
      new Date('2030-06-01T12:00:00.000Z'),
    );
    expect(changes.map((c) => [c.collection, c.refs ?? []])).toEqual([
      ['scheduledVisits', []],
      ['scheduledServices', [`scheduledVisits/${visitId}`]],
    ]);
    const visit = changes[0]!.build(undefined)!;
    expect(visit.next).toMatchObject({ confirmationDate: '2030-06-01T12:00:00.000Z', checkInDate: null, scheduledBy: 'Uma User', storeId: 7 });
    expect(changes[1]!.build(undefined)!.request.path).toBe(`/api/alltrac/scheduled-visits/${visitId}/scheduled-services`);
  });

  it("change a visit's service by sending only the fields that changed, the end following the new length", () => {
    const change = schedulerMutations.changeScheduledService(service.scheduledServiceId, {
      storeServiceId: 'svc-brakes',
      durationInMinutes: 90,
      serviceNotes: null,
    });
    const built = change.build(service)!;
    expect(built.request.body).toEqual(
      expect.arrayContaining([
        { op: 'replace', path: '/storeServiceId', value: 'svc-brakes' },
        { op: 'replace', path: '/endDate', value: '2030-06-04T15:30:00.000Z' },
        { op: 'replace', path: '/durationInMinutes', value: 90 },
      ]),
    );
    expect((built.request.body as unknown[]).length).toBe(3);
    expect(built.next).toMatchObject({ storeServiceId: 'svc-brakes', endDate: '2030-06-04T15:30:00.000Z' });
    expect(schedulerMutations.changeScheduledService(service.scheduledServiceId, { serviceNotes: null }).build(service)).toBeNull();
  });

  it('refuse a service length the server would refuse, before anything is stored', () => {
    expect(() => schedulerMutations.changeScheduledService(service.scheduledServiceId, { durationInMinutes: 10 })).toThrow('The service was not saved: ');
  });

  it('add a service to a booked visit as one call that waits for the visit when the visit is not sent yet', () => {
    const added = schedulerMutations.addScheduledService(7, service.scheduledVisitId, {
      scheduledServiceId: '5b0c3f7e-8f0a-4f5e-9f59-3a1d2c1b0a06',
      storeServiceId: null,
      resourceId: '5b0c3f7e-8f0a-4f5e-9f59-3a1d2c1b0a05',
      startDate: service.endDate,
      endDate: service.endDate,
      durationInMinutes: 45,
      serviceNotes: null,
      selectedTechnician: null,
    });
    expect(added.refs).toEqual([`scheduledVisits/${service.scheduledVisitId}`]);
    const built = added.build(undefined)!;
    expect(built.request).toMatchObject({ method: 'POST', path: `/api/alltrac/scheduled-visits/${service.scheduledVisitId}/scheduled-services` });
    expect(built.next).toMatchObject({ scheduledVisitId: service.scheduledVisitId, storeId: 7, endDate: '2030-06-04T15:45:00.000Z' });
  });

  it('check a visit in once: a second check-in sends nothing', () => {
    const visit = { scheduledVisitId: 'v', cancelDate: null, checkInDate: '2030-06-04T13:55:00.000Z', confirmationDate: '2030-06-01T12:00:00.000Z' };
    const day = { firstStart: '2030-06-04T14:00:00.000Z', timeZone: 'America/New_York' };
    expect(schedulerMutations.checkIn('v', day).build(visit)).toBeNull();
    expect(() => schedulerMutations.checkIn('v', day).build({ ...visit, checkInDate: null, cancelDate: '2030-06-03T00:00:00.000Z' })).toThrow(
      'This visit was canceled',
    );
  });

  it.each([
    ["on the day, before the appointment's time", '2030-06-04T12:00:00.000Z', true],
    ['a day late', '2030-06-05T13:00:00.000Z', true],
    ['at 11:30 PM store time the evening before', '2030-06-04T03:30:00.000Z', false],
    ['the day before', '2030-06-03T14:00:00.000Z', false],
  ])('check a customer in %s: %s', (_, now, allowed) => {
    const visit = { scheduledVisitId: 'v', cancelDate: null, checkInDate: null, confirmationDate: '2030-06-01T12:00:00.000Z' };
    const day = { firstStart: '2030-06-04T14:00:00.000Z', timeZone: 'America/New_York' };
    const check = () => schedulerMutations.checkIn('v', day, new Date(now)).build(visit);
    if (allowed) expect(check()?.next).toMatchObject({ checkInDate: now });
    else expect(check).toThrow('This appointment is on Tue, Jun 4, 2030: check the customer in on that day, or move the appointment to today first.');
  });
});

describe('declining a flood of appointment requests at once (issue 46 item 21)', () => {
  const open = { unconfirmedVisitId: 'a', confirmedVisitId: null, declinedOn: null };
  const now = new Date('2030-06-03T15:00:00.000Z');

  it('queues one decline per request, each with the reason the requester is sent, as one action', () => {
    const mutations = schedulerMutations.declineRequests(['a', 'b', 'a'], ' Not a real request. ', now);
    expect(mutations.map((m) => m.key)).toEqual(['a', 'b']);
    const built = mutations.map((m) => m.build({ ...open, unconfirmedVisitId: m.key } as never));
    expect(built.map((b) => b?.request)).toEqual([
      { method: 'POST', path: '/api/alltrac/unconfirmed-visits/a/decline', body: { reason: 'Not a real request.' } },
      { method: 'POST', path: '/api/alltrac/unconfirmed-visits/b/decline', body: { reason: 'Not a real request.' } },
    ]);
  });

  it('refuses an empty choice or reason before anything is queued', () => {
    expect(() => schedulerMutations.declineRequests([], 'Full', now)).toThrow('Choose the requests to decline.');
    expect(() => schedulerMutations.declineRequests(['a'], '  ', now)).toThrow(/Say why/);
  });
});
