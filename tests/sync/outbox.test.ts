import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { CreateCustomer } from '../../src/contract/writes.ts';
import { defaultInspectionGroups } from '../../src/domain/inspections/inspection-template.ts';
import { inspectionMutations } from '../../workers/inspection-mutations.ts';
import { mutations } from '../../workers/mutations.ts';
import { uploadPieceBytes } from '../../workers/sync-engine.ts';
import { syncTestEnvironment, type Device } from '../support/sync-harness.ts';
import { mintAccessToken } from '../support/tokens.ts';

const env = syncTestEnvironment();

async function syncedDevice(): Promise<Device> {
  const d = env.device();
  await d.engine.pull();
  return d;
}
const newCustomer = (): CreateCustomer => ({
  customerId: randomUUID(),
  firstName: 'Offline',
  lastName: `Customer ${Math.random().toFixed(6)}`,
  companyName: null,
  email: null,
  phoneNumber: '5550001111',
  preferredContactMethod: 'Text',
  addressLine1: null,
  city: null,
  state: null,
  postalCode: null,
  notes: null,
});
const serverCustomer = (customerId: string) =>
  env.server.database.db.selectFrom('customers').select(['customerId', 'notes', 'city', 'version', 'createdOn']).where('customerId', '=', customerId).execute();
const outbox = (d: Device) => d.db.outbox.orderBy('seq').toArray();

describe('a change made offline', () => {
  it('shows in the replica at once, waits in the outbox, and reaches the server once back online', async () => {
    const d = await syncedDevice();
    d.network.offline = true;
    const model = newCustomer();
    expect(await d.engine.mutate(mutations.createCustomer(model))).toBe(true);
    expect(await d.db.collection('customers').get(model.customerId)).toMatchObject({ firstName: 'Offline' });

    const offline = await d.push();
    expect(offline).toMatchObject({ sent: 0, stoppedBy: 'offline' });
    expect(offline.retryInMs).toBeGreaterThan(0);
    expect(await outbox(d)).toEqual([expect.objectContaining({ status: 'pending', attempts: 1 })]);

    d.network.offline = false;
    expect(await d.push()).toMatchObject({ sent: 1, failed: 0, stoppedBy: 'empty' });
    expect(await outbox(d)).toEqual([]);
    const [row] = await serverCustomer(model.customerId);
    expect((await d.db.collection('customers').get(model.customerId))?.createdOn).toBe(row!.createdOn);
  });

  it("is applied exactly once when the server's replies are lost after it committed", async () => {
    const d = await syncedDevice();
    const model = newCustomer();
    await d.engine.mutate(mutations.createCustomer(model));
    await d.engine.mutate(mutations.updateCustomer(model.customerId, { notes: 'first' }));
    await d.engine.mutate(mutations.updateCustomer(model.customerId, { city: 'Springfield' }));
    d.network.loseReplies = 5;
    for (let i = 0; i < 10 && (await outbox(d)).length > 0; i++) await d.push();
    expect(await outbox(d)).toEqual([]);
    const rows = await serverCustomer(model.customerId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ notes: 'first', city: 'Springfield' });
    const created = await env.server.database.db.selectFrom('idempotencyKeys').select('key').where('path', 'like', `%${model.customerId}%`).execute();
    expect(created).toHaveLength(2);
  });

  it('survives a reload before it was sent, and is sent by the reloaded page', async () => {
    const d = await syncedDevice();
    d.network.offline = true;
    const model = newCustomer();
    await d.engine.mutate(mutations.createCustomer(model));
    const reloaded = d.reload();
    env.track(reloaded);
    expect(await reloaded.push()).toMatchObject({ sent: 1 });
    expect(await serverCustomer(model.customerId)).toHaveLength(1);
  });

  it("that the server's rules would refuse is refused on the device in the same words, and nothing is stored or queued", async () => {
    const d = await syncedDevice();
    const model = { ...newCustomer(), preferredContactMethod: 'Email' as const };
    expect(() => mutations.createCustomer(model)).toThrow('The customer was not saved: Enter an email address, or choose another way to contact.');
    const customer = (await d.db.collection('customers').limit(1).toArray())[0]!;
    await expect(d.engine.mutate(mutations.updateCustomer(String(customer.customerId), { firstName: null, companyName: null }))).rejects.toThrow(
      'Enter the first name too, or a company name',
    );
    expect(await d.db.collection('customers').get(model.customerId)).toBeUndefined();
    expect(await d.db.collection('customers').get(String(customer.customerId))).toEqual(customer);
    expect(await outbox(d)).toEqual([]);
  });

  it('is never queued when it changes nothing', async () => {
    const d = await syncedDevice();
    const customer = (await d.db.collection('customers').limit(1).toArray())[0]!;
    expect(await d.engine.mutate(mutations.updateCustomer(String(customer.customerId), { firstName: customer.firstName as string }))).toBe(false);
    expect(await outbox(d)).toEqual([]);
  });
});

describe('a change the server refuses', () => {
  it("is kept as failed with the server's reason, holds back later changes of that row only, and can be discarded, the later ones then sent", async () => {
    const d = await syncedDevice();
    const [first, second] = await d.db.collection('customers').limit(2).toArray();
    const firstId = String(first!.customerId);
    // A change the server refuses (an email that is not one), then another change of the same row.
    await d.engine.mutate(mutations.updateCustomer(firstId, { email: 'not-an-email' }));
    await d.engine.mutate(mutations.updateCustomer(firstId, { notes: 'x' }));
    await d.engine.mutate(mutations.updateCustomer(String(second!.customerId), { notes: 'other row goes through' }));

    const result = await d.push();
    expect(result).toMatchObject({ sent: 1, failed: 1, stoppedBy: 'held' });
    const entries = await outbox(d);
    expect(entries.map((e) => e.status)).toEqual(['failed', 'pending']);
    expect(entries[0]!.problem).toMatchObject({ status: 400, errors: { email: expect.any(Array) } });
    expect((await serverCustomer(String(second!.customerId)))[0]!.notes).toBe('other row goes through');

    // Discarded: the row is the server's copy with the later change on it, and that change goes.
    await d.engine.discard(entries[0]!.seq!);
    expect((await outbox(d)).map((e) => e.description)).toEqual([entries[1]!.description]);
    expect(await d.db.collection('customers').get(firstId)).toEqual(expect.objectContaining({ ...first, notes: 'x' }));
    expect(await d.push()).toMatchObject({ sent: 1, failed: 0 });
    expect(await outbox(d)).toEqual([]);
    expect((await serverCustomer(firstId))[0]!.notes).toBe('x');
    expect(await d.db.collection('customers').get(firstId)).toEqual(expect.objectContaining({ email: first!.email, notes: 'x' }));
  });

  it("puts back the server's copy when the discarded change is the row's only one", async () => {
    const d = await syncedDevice();
    const first = (await d.db.collection('customers').limit(1).first())!;
    const firstId = String(first.customerId);
    await d.engine.mutate(mutations.updateCustomer(firstId, { email: 'not-an-email' }));
    await d.push();
    const [entry] = await outbox(d);
    expect(entry).toMatchObject({ status: 'failed' });
    await d.engine.discard(entry!.seq!);
    expect(await outbox(d)).toEqual([]);
    expect(await d.db.collection('customers').get(firstId)).toEqual(first);
  });

  it('removes a row created on this device when its creation is discarded, with the changes made to it since', async () => {
    const d = await syncedDevice();
    const model = newCustomer();
    await d.engine.mutate(mutations.createCustomer(model));
    d.token.value = await mintAccessToken(env.server.database.db, 'tech@demo.test', env.server.publicUrl);
    await d.push();
    const [entry] = await outbox(d);
    expect(entry).toMatchObject({ status: 'failed', problem: { status: 403 } });
    await d.engine.mutate(mutations.updateCustomer(model.customerId, { notes: 'made after the creation' }));
    await d.engine.discard(entry!.seq!);
    expect(await d.db.collection('customers').get(model.customerId)).toBeUndefined();
    expect(await outbox(d)).toEqual([]);
  });

  it('goes again when the user retries it', async () => {
    const d = await syncedDevice();
    const rating = (await d.db
      .collection('ratings')
      .filter((r) => r.isRead === false)
      .first())!;
    const ratingId = String(rating.ratingId);
    d.token.value = await mintAccessToken(env.server.database.db, 'tech@demo.test', env.server.publicUrl);
    await d.engine.mutate(mutations.markRatingRead(ratingId));
    await d.push();
    const [entry] = await outbox(d);
    expect(entry).toMatchObject({ status: 'failed', problem: { status: 403 } });
    d.token.value = env.token;
    await d.engine.retry(entry!.seq!);
    expect(await d.push()).toMatchObject({ sent: 1 });
  });
});

describe('an expired sign-in', () => {
  it('pauses sending without failing or dropping anything, and sending resumes with a new token', async () => {
    const d = await syncedDevice();
    const message = (await d.db
      .collection('storeMessages')
      .filter((m) => m.isArchived === false)
      .first())!;
    await d.engine.mutate(mutations.archiveMessage(String(message.storeMessageId)));
    d.token.value = null;
    expect(await d.push()).toMatchObject({ sent: 0, stoppedBy: 'unauthorized' });
    expect(await outbox(d)).toEqual([expect.objectContaining({ status: 'pending', attempts: 0 })]);
    d.token.value = env.token;
    expect(await d.push()).toMatchObject({ sent: 1 });
  });
});

describe('a pull while a change waits', () => {
  it("keeps the user's change on screen, then shows the server's row once it is applied", async () => {
    const d = await syncedDevice();
    const customer = (await d.db.collection('customers').limit(1).toArray())[0]!;
    const customerId = String(customer.customerId);
    d.network.offline = true;
    await d.engine.mutate(mutations.updateCustomer(customerId, { notes: 'typed offline' }));
    d.network.offline = false;
    // Someone else changes another field meanwhile.
    const other = env.device();
    await other.engine.pull();
    await other.engine.mutate(mutations.updateCustomer(customerId, { city: 'Capital City' }));
    await other.push();

    await d.engine.pull();
    expect((await d.db.collection('customers').get(customerId))?.notes).toBe('typed offline');
    await d.push();
    expect(await d.db.collection('customers').get(customerId)).toMatchObject({ notes: 'typed offline', city: 'Capital City' });
  });
});

describe('an inspection photo taken in the bay', () => {
  /** A photo (random bytes of three upload pieces) of a new inspection, queued on a device that has synced. */
  async function photoQueued(d: Device) {
    const visit = (await d.db
      .collection('scheduledVisits')
      .filter((v) => v.cancelDate === null && v.inspectionReportId === null)
      .first())!;
    const groups = defaultInspectionGroups(() => randomUUID());
    const report = {
      inspectionReportId: String(visit.scheduledVisitId),
      scheduledVisitId: String(visit.scheduledVisitId),
      vehicleId: (visit.vehicleId as string | null) ?? null,
      technicianId: null,
      groups,
      startedAt: '2026-11-04T15:00:00.000Z',
    };
    await d.engine.mutate(inspectionMutations.startInspection(env.store, report));
    const bytes = randomBytes(uploadPieceBytes * 2 + 1000);
    const photo = {
      inspectionPhotoId: randomUUID(),
      inspectionReportId: report.inspectionReportId,
      itemId: groups[0]!.items[0]!.itemId,
      contentType: 'image/jpeg' as const,
      byteSize: bytes.length,
      width: 1600,
      height: 1200,
      takenAt: '2026-11-04T15:01:00.000Z',
    };
    expect(
      await d.engine.mutateAll(inspectionMutations.addPhoto(env.store, photo), { inspectionPhotoId: photo.inspectionPhotoId, blob: new Blob([bytes]) }),
    ).toBe(true);
    return { photo, bytes };
  }
  const held = (inspectionPhotoId: string) =>
    env.server.database.db
      .selectFrom('inspectionPhotoContents')
      .select(['received', 'bytes'])
      .where('inspectionPhotoId', '=', inspectionPhotoId)
      .executeTakeFirst();

  it('goes on from where the server got to when the connection drops in the middle, and arrives whole, once', async () => {
    const d = await syncedDevice();
    const { photo, bytes } = await photoQueued(d);
    // The report, the photo's row and one piece get through; then the bay loses its signal.
    d.network.failAfter = 3;
    expect(await d.push()).toMatchObject({ stoppedBy: 'offline' });
    expect((await held(photo.inspectionPhotoId))?.received).toBe(uploadPieceBytes);
    d.network.failAfter = Number.POSITIVE_INFINITY;
    await d.push();
    const stored = await held(photo.inspectionPhotoId);
    expect(stored!.received).toBe(bytes.length);
    expect(Buffer.compare(Buffer.from(stored!.bytes), bytes)).toBe(0);
    expect(await outbox(d)).toEqual([]);
    await d.engine.pull();
    expect((await d.db.collection('inspectionPhotos').get(photo.inspectionPhotoId))?.uploadedAt).toBeTruthy();
    // The photo stays on the device, to show offline.
    expect(await d.engine.photoOnDevice(photo.inspectionPhotoId)).toBe(true);
  });

  it('is never stored twice when a piece arrived but its answer was lost', async () => {
    const d = await syncedDevice();
    const { photo, bytes } = await photoQueued(d);
    d.network.failAfter = 2;
    await d.push();
    d.network.failAfter = Number.POSITIVE_INFINITY;
    d.network.loseReplies = 1;
    expect(await d.push()).toMatchObject({ stoppedBy: 'offline' });
    expect(await d.push()).toMatchObject({ stoppedBy: 'empty' });
    const stored = await held(photo.inspectionPhotoId);
    expect(stored!.bytes.length).toBe(bytes.length);
    expect(Buffer.compare(Buffer.from(stored!.bytes), bytes)).toBe(0);
    expect(await outbox(d)).toEqual([]);
  });
});
