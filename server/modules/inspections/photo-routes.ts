import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { inspectionPhotoSchema, maxPhotoBytes, minPhotoPieceBytes } from '../../../src/contract/entities.ts';
import { apiPaths } from '../../../src/contract/routes.ts';
import { createInspectionPhotoSchema } from '../../../src/contract/writes.ts';
import { photoQuotaProblem } from '../../../src/domain/inspections/inspections.ts';
import { bayAndCounter } from '../../../src/domain/people/roles.ts';
import type { Db } from '../../db/connect.ts';
import { parseOrProblem, ProblemError } from '../../http/problem.ts';
import { readScope, storeScope } from '../../sync/scope.ts';
import { findRow, type RowSpec } from '../../sync/write-path.ts';
import type { ModuleContext } from '../context.ts';
import { inspectionReports } from './report-routes.ts';
import { transact } from '../../db/transaction-guard.ts';

export const inspectionPhotos: RowSpec<typeof inspectionPhotoSchema> = {
  table: 'inspectionPhotos',
  schema: inspectionPhotoSchema,
  scope: 'store',
  notFound: 'This store has no such photo.',
  exists: 'A photo with this id already exists.',
};
const photoParams = z.object({ inspectionPhotoId: z.uuid('The photo id must be a UUID') });
const contentRange = /^bytes (\d+)-(\d+)\/(\d+)$/;

/** A photo's bytes as an image answer: cached for good by the browser (a photo never changes once whole). */
export async function sendPhoto(db: Db, reply: FastifyReply, photo: { inspectionPhotoId: string; contentType: string; uploadedAt: string | null }) {
  const content = photo.uploadedAt
    ? await db.selectFrom('inspectionPhotoContents').select('bytes').where('inspectionPhotoId', '=', photo.inspectionPhotoId).executeTakeFirst()
    : undefined;
  if (!content) throw new ProblemError('notFound', "This photo has not arrived from the technician's device yet.");
  return reply.type(photo.contentType).header('cache-control', 'private, max-age=31536000, immutable').send(Buffer.from(content.bytes));
}

/**
 * Inspection photos (issue: technicians): the device says a photo exists (its row, queued like any change),
 * then sends its bytes in pieces with Content-Range. The server keeps what arrived; a piece that does not start
 * where the last one ended is refused with the count it has (409, Upload-Offset), so an upload cut off by a dropped
 * connection goes on from there, and a piece sent twice is never stored twice. Pieces are stored apart, outside the
 * company's writes (only this photo's content is locked), and joined once when the last arrives; the photo's row
 * then says it arrived, so every device learns it.
 */
export async function inspectionPhotoRoutes(app: FastifyInstance, { db, auth, writes }: ModuleContext): Promise<void> {
  const inspector = (request: FastifyRequest) => storeScope(db, auth, request, bayAndCounter, 'inspection photos');

  /** Stores one piece and answers how many bytes the server has; joins the photo when this was its last piece. */
  const storePiece = (inspectionPhotoId: string, start: number, piece: Buffer, total: number) =>
    transact(db, async (trx) => {
      await trx
        .insertInto('inspectionPhotoContents')
        .values({ inspectionPhotoId, received: 0, bytes: Buffer.alloc(0) })
        .onConflict((oc) => oc.column('inspectionPhotoId').doNothing())
        .execute();
      const { received } = await trx
        .selectFrom('inspectionPhotoContents')
        .select('received')
        .where('inspectionPhotoId', '=', inspectionPhotoId)
        .forUpdate()
        .executeTakeFirstOrThrow();
      if (received >= total) return received;
      if (start !== received)
        throw new ProblemError('conflict', `This photo's upload goes on from byte ${received}.`, { headers: { 'upload-offset': String(received) } });
      await trx.insertInto('inspectionPhotoPieces').values({ inspectionPhotoId, startByte: start, bytes: piece }).execute();
      const now = received + piece.length;
      if (now < total) {
        await trx.updateTable('inspectionPhotoContents').set({ received: now }).where('inspectionPhotoId', '=', inspectionPhotoId).execute();
        return now;
      }
      await sql`update inspection_photo_contents set received = ${now},
        bytes = (select string_agg(bytes, ''::bytea order by start_byte) from inspection_photo_pieces where inspection_photo_id = ${inspectionPhotoId})
      where inspection_photo_id = ${inspectionPhotoId}`.execute(trx);
      await trx.deleteFrom('inspectionPhotoPieces').where('inspectionPhotoId', '=', inspectionPhotoId).execute();
      return now;
    });

  await app.register(async (uploads) => {
    uploads.addContentTypeParser('application/octet-stream', { parseAs: 'buffer', bodyLimit: maxPhotoBytes }, (_request, body, done) => done(null, body));

    uploads.put(apiPaths.inspectionPhotoContent, { bodyLimit: maxPhotoBytes }, async (request, reply) => {
      const scope = await inspector(request);
      const { inspectionPhotoId } = parseOrProblem(photoParams, request.params, 'The path');
      const range = contentRange.exec(String(request.headers['content-range'] ?? ''));
      const chunk = request.body;
      if (!range || !Buffer.isBuffer(chunk))
        throw new ProblemError(
          'badRequest',
          'Send the photo\'s bytes as application/octet-stream with a Content-Range header, such as "bytes 0-65535/240000".',
        );
      const [start, end, total] = [Number(range[1]), Number(range[2]), Number(range[3])];
      if (end < start || end - start + 1 !== chunk.length)
        throw new ProblemError('badRequest', `Content-Range says ${end - start + 1} bytes; the body has ${chunk.length}.`);
      if (end >= total) throw new ProblemError('badRequest', `Content-Range ends at byte ${end}, past the photo's ${total} bytes.`);
      if (end + 1 < total && chunk.length < minPhotoPieceBytes) {
        throw new ProblemError(
          'badRequest',
          `Send a photo in pieces of at least ${minPhotoPieceBytes / 1024} KiB (the last may be smaller); this one has ${chunk.length} bytes.`,
        );
      }
      const photo = await findRow(db, inspectionPhotos, scope, { inspectionPhotoId });
      if (total !== photo.byteSize)
        throw new ProblemError('validation', `This photo is ${photo.byteSize} bytes, not ${total}.`, {
          errors: { 'Content-Range': ["The total is not the photo's size"] },
        });
      if (photo.uploadedAt) return reply.code(200).send({ received: photo.byteSize, complete: true });
      const received = await storePiece(inspectionPhotoId, start, chunk, total);
      if (received < total) return reply.code(200).send({ received, complete: false });
      // Whole (now, or before a process stopped between joining it and saying so): every device learns it.
      await writes.run(request, scope, async (w) => {
        const done = await w.change(inspectionPhotos, { inspectionPhotoId }, (current) => (current.uploadedAt ? null : { uploadedAt: w.now.toISOString() }));
        if (done.changed) w.event(inspectionPhotos, done.row, 'ReplicaChanged', ['inspectionPhotos', inspectionPhotoId]);
        return { status: 200, body: null };
      });
      return reply.code(200).send({ received, complete: true });
    });
  });

  app.post(apiPaths.inspectionPhotos, async (request, reply) => {
    const scope = await inspector(request);
    const model = parseOrProblem(createInspectionPhotoSchema, request.body, 'The photo');
    const result = await writes.run(request, scope, async (w) => {
      const report = await w.find(inspectionReports, { inspectionReportId: model.inspectionReportId });
      if (!report.groups.some((g) => g.items.some((i) => i.itemId === model.itemId))) {
        throw new ProblemError('validation', 'The photo names an item its report does not have.', { errors: { itemId: ['Not an item of this report'] } });
      }
      const taken = await w.trx
        .selectFrom('inspectionPhotos')
        .select(['itemId', 'byteSize'])
        .where('inspectionReportId', '=', model.inspectionReportId)
        .where('deleted', '=', false)
        .where('inspectionPhotoId', '!=', model.inspectionPhotoId)
        .execute();
      const problem = photoQuotaProblem(taken, model);
      if (problem) throw new ProblemError('conflict', problem, { errors: { inspectionPhotoId: ['Over the photo quota'] } });
      const row = await w.create(inspectionPhotos, { ...model, uploadedAt: null });
      w.event(inspectionPhotos, row, 'ReplicaChanged', ['inspectionPhotos', row.inspectionPhotoId]);
      return { status: 201, body: row };
    });
    return reply.code(result.status).send(result.body);
  });

  app.get(apiPaths.inspectionPhotoContent, async (request, reply) => {
    const scope = await readScope(db, auth, request, 'inspectionPhotos');
    const photo = await findRow(db, inspectionPhotos, scope, parseOrProblem(photoParams, request.params, 'The path'));
    return sendPhoto(db, reply, photo);
  });
}
