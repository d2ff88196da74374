import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponse, IdParams, NoContent } from '@lp/contract/common';
import { HISTORY_ID_HEADER } from '@lp/contract/constants';
import { undoable } from '@lp/contract/learners';
import { CreateNoteBody, Note, NoteList, NotesQuery, NoteTypeList } from '@lp/contract/notes';
import { notModified, sendKept } from '../../plugins/kept-answer.ts';
import { callerOf } from '../../plugins/principal.ts';
import { staffOnly } from '../../plugins/route-rules.ts';
import * as notes from './notes.service.ts';

const denied = { 401: ErrorResponse, 403: ErrorResponse };

/*
 * Notes are for instructors and staff only: every notes route is staff access, so any staff
 * member may read, add and delete the notes of any learner, whether or not they coach the
 * learner's cohort; a learner never may, not even about themself. No object rule remains, so
 * notes have no policy file.
 */
export const notesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/notetypes',
    {
      config: staffOnly(200),
      schema: { tags: ['notes'], response: { 200: NoteTypeList, ...denied } },
    },
    async () => notes.noteTypes(app),
  );

  app.get(
    '/notes',
    {
      config: staffOnly(200),
      schema: {
        tags: ['notes'],
        querystring: NotesQuery,
        response: {
          200: NoteList,
          ...notModified,
          400: ErrorResponse,
          ...denied,
          404: ErrorResponse,
        },
      },
    },
    (request, reply) => sendKept(reply, notes.noteListRead(app, request.query.studentId)),
  );

  app.post(
    '/notes',
    {
      config: staffOnly(201),
      schema: {
        tags: ['notes'],
        body: CreateNoteBody,
        response: { 201: undoable(Note), 400: ErrorResponse, ...denied, 404: ErrorResponse },
      },
    },
    async (request, reply) => {
      const added = await notes.addNote(app, callerOf(request), request.body);
      reply.header(HISTORY_ID_HEADER, added.historyId);
      return reply.code(201).send(added.note);
    },
  );

  app.delete(
    '/notes/:id',
    {
      config: staffOnly(204),
      schema: {
        tags: ['notes'],
        params: IdParams,
        response: { 204: undoable(NoContent), 400: ErrorResponse, ...denied, 404: ErrorResponse },
      },
    },
    async (request, reply) => {
      const historyId = await notes.removeNote(app, callerOf(request), request.params.id);
      reply.header(HISTORY_ID_HEADER, historyId);
      return reply.code(204).send();
    },
  );
};
