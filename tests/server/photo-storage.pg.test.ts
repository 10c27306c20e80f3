import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { activeStoreHeader, apiPaths, withApiVersion } from '../../src/contract/routes.ts';
import { defaultInspectionGroups } from '../../src/domain/inspections/inspection-template.ts';
import { apiCall } from '../support/api.ts';
import { demoStoreIds } from '../support/demo.ts';
import { postgresTestApp } from '../support/pg-app.ts';
import { postgresUnavailable } from '../support/postgres.ts';
import { testPublicUrl } from '../support/test-app.ts';
import { mintAccessToken } from '../support/tokens.ts';

const path = (template: string, params: Record<string, string>) => template.replace(/:(\w+)/g, (_, name: string) => params[name]!);

describe.skipIf(postgresUnavailable !== null)('photo bytes on PostgreSQL', () => {
  const t = postgresTestApp();
  let tech: string;
  let store: number;
  beforeAll(async () => {
    tech = await mintAccessToken(t.db, 'tech@demo.test', testPublicUrl);
    store = (await demoStoreIds(t.db))[101]!;
  });
  const photoBytesOnDisk = async () =>
    Number(
      (
        await sql<{
          n: string;
        }>`select (pg_total_relation_size('inspection_photo_contents') + pg_total_relation_size('inspection_photo_pieces'))::text as n`.execute(t.db)
      ).rows[0]!.n,
    );

  it("grow the database by about the photo's size when a 4 MiB photo arrives in 64 KiB pieces, not by every piece rewriting it", async () => {
    const visit = await t.db
      .selectFrom('scheduledVisits')
      .select(['scheduledVisitId', 'vehicleId'])
      .where('storeId', '=', store)
      .where('cancelDate', 'is', null)
      .where('inspectionReportId', 'is', null)
      .where('deleted', '=', false)
      .executeTakeFirstOrThrow();
    const groups = defaultInspectionGroups(() => randomUUID());
    const as = { token: tech, store };
    expect(
      (
        await apiCall(t.app, {
          method: 'POST',
          path: apiPaths.inspectionReports,
          ...as,
          body: {
            inspectionReportId: visit.scheduledVisitId,
            scheduledVisitId: visit.scheduledVisitId,
            vehicleId: visit.vehicleId,
            technicianId: null,
            groups,
            startedAt: '2030-06-03T15:00:00.000Z',
          },
        })
      ).statusCode,
    ).toBe(201);
    const bytes = randomBytes(4 * 1024 * 1024);
    const inspectionPhotoId = randomUUID();
    expect(
      (
        await apiCall(t.app, {
          method: 'POST',
          path: apiPaths.inspectionPhotos,
          ...as,
          body: {
            inspectionPhotoId,
            inspectionReportId: visit.scheduledVisitId,
            itemId: groups[0]!.items[0]!.itemId,
            contentType: 'image/jpeg',
            byteSize: bytes.length,
            width: 4000,
            height: 3000,
            takenAt: '2030-06-03T15:01:00.000Z',
          },
        })
      ).statusCode,
    ).toBe(201);

    const before = await photoBytesOnDisk();
    const piece = 64 * 1024;
    for (let start = 0; start < bytes.length; start += piece) {
      const end = Math.min(bytes.length, start + piece) - 1;
      const answer = await t.app.inject({
        method: 'PUT',
        url: withApiVersion(path(apiPaths.inspectionPhotoContent, { inspectionPhotoId })),
        payload: bytes.subarray(start, end + 1),
        headers: {
          authorization: `Bearer ${tech}`,
          [activeStoreHeader]: String(store),
          'content-type': 'application/octet-stream',
          'content-range': `bytes ${start}-${end}/${bytes.length}`,
        },
      });
      expect(answer.statusCode).toBe(200);
    }
    const growth = (await photoBytesOnDisk()) - before;
    // The pieces and the joined photo: twice its size at most until the pieces' space is vacuumed. Appending each piece to
    // the photo grew it by the sum of every prefix: 64 pieces of a 4 MiB photo, about 130 MiB.
    expect(growth).toBeLessThan(2.5 * bytes.length);
    const stored = await t.db
      .selectFrom('inspectionPhotoContents')
      .select('bytes')
      .where('inspectionPhotoId', '=', inspectionPhotoId)
      .executeTakeFirstOrThrow();
    expect(Buffer.compare(Buffer.from(stored.bytes), bytes)).toBe(0);
    expect(await t.db.selectFrom('inspectionPhotoPieces').select('startByte').where('inspectionPhotoId', '=', inspectionPhotoId).execute()).toEqual([]);
  });
});
