import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Book, BookList, BookListQuery, CreateBookBody, UpdateBookBody } from '@lp/contract/books';
import { ErrorResponse, IdParams, NoContent } from '@lp/contract/common';
import { callerOf } from '../../../plugins/principal.ts';
import { signedIn, staffOnly } from '../../../plugins/route-rules.ts';
import * as service from './books.service.ts';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };
const tags = ['books'];

export const booksRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/books',
    {
      config: signedIn(200),
      schema: { tags, querystring: BookListQuery, response: { 200: BookList, ...errors } },
    },
    (request) => service.listBooks(app, request.query),
  );

  app.get(
    '/books/:id',
    {
      config: signedIn(200),
      schema: { tags, params: IdParams, response: { 200: Book, ...errors } },
    },
    (request) => service.getBook(app, request.params.id),
  );

  app.post(
    '/books',
    {
      config: staffOnly(201),
      schema: { tags, body: CreateBookBody, response: { 201: Book, ...errors } },
    },
    async (request, reply) => {
      const book = await service.createBook(app, callerOf(request).id, request.body);
      return reply.code(201).send(book);
    },
  );

  app.put(
    '/books/:id',
    {
      config: staffOnly(204),
      schema: {
        tags,
        params: IdParams,
        body: UpdateBookBody,
        response: { 204: NoContent, ...errors },
      },
    },
    async (request, reply) => {
      await service.updateBook(app, callerOf(request).id, request.params.id, request.body);
      return reply.code(204).send();
    },
  );

  app.delete(
    '/books/:id',
    {
      config: staffOnly(204),
      schema: {
        tags,
        description:
          'Deletes the book, its projects and its self-assessment; 409 when learners have history in it.',
        params: IdParams,
        response: { 204: NoContent, 409: ErrorResponse, ...errors },
      },
    },
    async (request, reply) => {
      await service.deleteBook(app, callerOf(request).id, request.params.id);
      return reply.code(204).send();
    },
  );

  app.post(
    '/books/:id/restore',
    {
      config: staffOnly(200),
      schema: {
        tags,
        description:
          "Undoes the book's latest deletion: the book, its projects and its self-assessment as " +
          'they were, with the same ids; 409 when the book is there or its course was deleted.',
        params: IdParams,
        response: { 200: Book, 409: ErrorResponse, ...errors },
      },
    },
    (request) => service.restoreBook(app, callerOf(request).id, request.params.id),
  );
};
