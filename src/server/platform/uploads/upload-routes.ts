import { Readable } from 'node:stream';
import { CSV_CONTENT_TYPE } from '@domain/platform/csv';
import { integerId } from '@domain/platform/ids';
import {
  ConfirmRequest,
  PreviewAnswer,
  ResumedAnswer,
  RetriedAnswer,
  RetryRequest,
  RowsQuery,
  RowUpdateRequest,
  UPLOAD_MESSAGES,
  UploadRequest,
  uploadAnswers,
} from '@domain/uploads/upload';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AppContext, actorOf } from '../context';
import type { DbOrTx } from '../db';
import { idempotencyKeyOf } from '../idempotency';
import * as engine from './upload-engine';

// The calls of one upload kind under /api/{base}: preview, confirm, list, one, rows, correct a
// row, retry, result CSV. Every call needs batch.manage (DESIGN §4).

export interface UploadRouteSpec<S extends z.ZodType, R extends z.ZodType> {
  base: string;
  tag: string;
  kind: engine.UploadKind;
  Summary: S;
  Row: R;
  summary(r: Awaited<ReturnType<typeof engine.getUpload>>): z.infer<S>;
  rows(
    db: DbOrTx,
    uploadId: number,
    q: { status?: 'pending' | 'succeeded' | 'failed'; after: number; limit: number },
  ): Promise<z.infer<R>[]>;
  resultCsv(db: DbOrTx, uploadId: number): AsyncGenerator<string>;
  fileStem: string;
}

export function uploadRoutes<S extends z.ZodType, R extends z.ZodType>(
  ctx: AppContext,
  spec: UploadRouteSpec<S, R>,
): FastifyPluginAsyncZod {
  const config = { action: 'batch.manage' as const };
  const tags = [spec.tag];
  const Id = z.object({ id: integerId(`Not a ${spec.kind.noun} id`) });
  const RowId = Id.extend({ rowId: integerId('Not a row id') });
  const answers = uploadAnswers(spec.Summary, spec.Row);
  // Typed as plain schemas: the reply types cannot be inferred through the generic summary and row.
  const one: z.ZodType = answers.One;
  const confirmed: z.ZodType = answers.Confirmed;
  const many: z.ZodType = answers.Many;
  const rowPage: z.ZodType = answers.RowPage;
  return async (app) => {
    app.post(
      `/api/${spec.base}/preview`,
      {
        config,
        schema: {
          tags,
          body: UploadRequest,
          response: { 200: PreviewAnswer },
        },
      },
      async (request) => ({
        success: true as const,
        data: await engine.preview(ctx, spec.kind, request.body),
      }),
    );

    app.post(
      `/api/${spec.base}`,
      {
        config,
        schema: {
          tags,
          body: ConfirmRequest,
          response: { 200: confirmed, 201: confirmed },
        },
      },
      async (request, reply) => {
        const { created, summary } = await engine.confirm(ctx, spec.kind, actorOf(request.staff!), {
          ...request.body,
          idempotencyKey: idempotencyKeyOf(request, request.body.idempotencyKey),
        });
        const record = await engine.getUpload(ctx.db, spec.kind, summary.id);
        reply.status(created ? 201 : 200);
        return {
          success: true as const,
          message: UPLOAD_MESSAGES.confirmed,
          created,
          data: spec.summary(record),
        };
      },
    );

    app.get(`/api/${spec.base}`, { config, schema: { tags, response: { 200: many } } }, async () => ({
      success: true as const,
      data: (await engine.list(ctx, spec.kind)).map(spec.summary),
    }));

    app.get(
      `/api/${spec.base}/:id`,
      { config, schema: { tags, params: Id, response: { 200: one } } },
      async (request) => ({
        success: true as const,
        data: spec.summary(await engine.getUpload(ctx.db, spec.kind, request.params.id)),
      }),
    );

    app.get(
      `/api/${spec.base}/:id/rows`,
      {
        config,
        schema: {
          tags,
          params: Id,
          querystring: RowsQuery,
          response: { 200: rowPage },
        },
      },
      async (request) => {
        const data = await spec.rows(ctx.db, request.params.id, request.query);
        return { success: true as const, data, hasMore: data.length === request.query.limit };
      },
    );

    app.patch(
      `/api/${spec.base}/:id/rows/:rowId`,
      {
        config,
        schema: {
          tags,
          params: RowId,
          body: RowUpdateRequest,
          response: { 200: z.object({ success: z.literal(true), message: z.string() }) },
        },
      },
      async (request) => {
        await engine.updateRow(
          ctx,
          spec.kind,
          actorOf(request.staff!),
          request.params.id,
          request.params.rowId,
          request.body.input,
        );
        return { success: true as const, message: UPLOAD_MESSAGES.rowSaved };
      },
    );

    app.post(
      `/api/${spec.base}/:id/retry`,
      {
        config,
        schema: {
          tags,
          params: Id,
          body: RetryRequest,
          response: { 200: RetriedAnswer },
        },
      },
      async (request) => {
        const retried = await engine.retry(
          ctx,
          spec.kind,
          actorOf(request.staff!),
          request.params.id,
          request.body.rowIds,
        );
        return {
          success: true as const,
          message: retried > 0 ? UPLOAD_MESSAGES.retried : 'No failed rows to retry.',
          retried,
        };
      },
    );

    app.post(
      `/api/${spec.base}/:id/resume`,
      {
        config,
        schema: {
          tags,
          params: Id,
          summary: `Hand a queued ${spec.kind.noun} that no worker holds to a worker again`,
          response: { 200: ResumedAnswer },
        },
      },
      async (request) => {
        const started = await engine.resume(ctx, spec.kind, actorOf(request.staff!), request.params.id);
        return {
          success: true as const,
          message: started ? UPLOAD_MESSAGES.started : UPLOAD_MESSAGES.alreadyWaiting,
          started,
        };
      },
    );

    app.get(
      `/api/${spec.base}/:id/result.csv`,
      { config, schema: { tags, params: Id } },
      async (request, reply) => {
        const id = request.params.id;
        await engine.getUpload(ctx.db, spec.kind, id);
        reply
          .type(CSV_CONTENT_TYPE)
          .header('content-disposition', `attachment; filename="${spec.fileStem}-${id}-result.csv"`);
        return reply.send(Readable.from(spec.resultCsv(ctx.db, id)));
      },
    );
  };
}
