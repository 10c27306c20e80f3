import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { messageTemplateTypes } from '../../../src/contract/enums.ts';
import { apiPaths } from '../../../src/contract/routes.ts';
import { messageTemplateWriteSchema } from '../../../src/contract/writes.ts';
import { isTemplateType, templateProblems, templateTexts } from '../../../src/domain/messages/message-templates.ts';
import { maxSmsLength } from '../../../src/domain/messages/outgoing-messages.ts';
import { storeAdmins } from '../../../src/domain/people/roles.ts';
import { parseOrProblem, ProblemError, refuseProblems } from '../../http/problem.ts';
import { readScope, storeScope } from '../../sync/scope.ts';
import type { ModuleContext } from '../context.ts';
import { messageTemplates, storeTemplates } from './tables.ts';

const params = z.object({
  templateType: messageTemplateTypes.schema.refine(isTemplateType, 'Unknown, FreeForm and Incoming are not templates'),
});

/**
 * The store's message templates (settings, message templates): the front counter reads every type with its
 * words (the store's or the default); the store's admins change a type's words or restore the default.
 */
export async function messageTemplateRoutes(app: FastifyInstance, { db, auth, writes }: ModuleContext): Promise<void> {
  app.get(apiPaths.messageTemplates, async (request) => {
    const scope = await readScope(db, auth, request, 'messageTemplates');
    const own = await storeTemplates(db, scope.companyId, scope.storeId);
    return messageTemplateTypes.values.filter(isTemplateType).map((templateType) => ({
      templateType,
      ...templateTexts(templateType, own)!,
      isDefault: !own.some((t) => t.templateType === templateType),
    }));
  });

  app.put(apiPaths.messageTemplate, async (request, reply) => {
    const scope = await storeScope(db, auth, request, storeAdmins, 'message templates');
    const { templateType } = parseOrProblem(params, request.params, 'The path');
    const texts = parseOrProblem(messageTemplateWriteSchema, request.body, 'The template');
    refuseProblems(templateProblems(texts, maxSmsLength), 'The template');
    const key = { storeId: scope.storeId, templateType };
    const result = await writes.run(request, scope, async (w) => {
      const next = { templateType, ...texts };
      const current = (await w.read(messageTemplates, key)) ?? (await w.revive(messageTemplates, key));
      const row = current ? await w.update(messageTemplates, key, current, next) : await w.create(messageTemplates, next);
      if (row.version !== current?.version) w.event(messageTemplates, row, 'ReplicaChanged', ['messageTemplates', `${scope.storeId}/${templateType}`]);
      return { status: 200, body: { ...row, isDefault: false } };
    });
    return reply.code(result.status).send(result.body);
  });

  app.delete(apiPaths.messageTemplate, async (request, reply) => {
    const scope = await storeScope(db, auth, request, storeAdmins, 'message templates');
    const { templateType } = parseOrProblem(params, request.params, 'The path');
    if (request.body !== undefined && request.body !== null) throw new ProblemError('badRequest', 'This call takes no body.');
    const result = await writes.run(request, scope, async (w) => {
      const removed = await w.remove(messageTemplates, { storeId: scope.storeId, templateType });
      if (removed) w.event(messageTemplates, removed, 'ReplicaChanged', ['messageTemplates', `${scope.storeId}/${templateType}`]);
      return { status: 200, body: { templateType, ...templateTexts(templateType, [])!, isDefault: true } };
    });
    return reply.code(result.status).send(result.body);
  });
}
