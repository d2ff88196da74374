import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponse, IdParams, NoContent } from '@lp/contract/common';
import {
  CalendarFeedParams,
  CalendarFeedQuery,
  CalendarSubscription,
  CohortEvent,
  CreateEventBody,
  EventCreateQuery,
  EventListQuery,
  EventType,
} from '@lp/contract/events';
import { Type } from 'typebox';
import { notModified, sendKept } from '../../plugins/kept-answer.ts';
import { callerOf } from '../../plugins/principal.ts';
import {
  anyone,
  cohortCoachOnly,
  ownerOrStaff,
  signedIn,
  staffOnly,
} from '../../plugins/route-rules.ts';
import * as repo from './events.repository.ts';
import * as events from './events.service.ts';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };
const tags = ['events'];

export const eventsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/eventtypes',
    {
      config: signedIn(200),
      schema: { tags, response: { 200: Type.Array(EventType), 401: ErrorResponse } },
    },
    async () => repo.eventTypes(app.db),
  );

  app.get(
    '/events',
    {
      config: ownerOrStaff(200),
      schema: {
        tags,
        description:
          "A cohort's events by date and time, earliest first. Staff and the cohort's learners.",
        querystring: EventListQuery,
        response: { 200: Type.Array(CohortEvent), ...notModified, ...errors },
      },
    },
    (request, reply) =>
      sendKept(reply, events.eventListRead(app, callerOf(request), request.query.cohort)),
  );

  app.post(
    '/events',
    {
      config: cohortCoachOnly(201),
      schema: {
        tags,
        description:
          'Instructors of the cohort only. `datetime` is the wall-clock time in the cohort zone ' +
          "written as UTC ('2025-03-04T09:00:00.000Z' = 9:00 in the cohort; midnight = all day), " +
          'or send `date` and an optional `time` (HH:MM).',
        querystring: EventCreateQuery,
        body: CreateEventBody,
        response: { 201: CohortEvent, ...errors },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const created = await events.createEvent(app, caller, request.query, request.body);
      return reply.code(201).send(created);
    },
  );

  app.delete(
    '/events/:id',
    {
      config: cohortCoachOnly(204),
      schema: { tags, params: IdParams, response: { 204: NoContent, ...errors } },
    },
    async (request, reply) => {
      await events.deleteEvent(app, callerOf(request), request.params.id);
      return reply.code(204).send();
    },
  );

  app.get(
    '/cohorts/:id/calendar.ics',
    {
      config: anyone(200),
      schema: {
        tags,
        description: 'iCalendar subscription feed; the secret comes from the cohort overlay.',
        params: CalendarFeedParams,
        querystring: CalendarFeedQuery,
        response: {
          200: Type.String({ description: 'The calendar, text/calendar (RFC 5545)' }),
          400: ErrorResponse,
          404: ErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const text = await events.calendarFeed(app, request.params.id, request.query.secret);
      return reply
        .type('text/calendar; charset=utf-8')
        .header('cache-control', 'private, max-age=300')
        .send(text);
    },
  );

  app.post(
    '/cohorts/:id/calendar',
    {
      config: staffOnly(200),
      schema: {
        tags,
        description: 'Issues a new calendar feed secret; subscriptions to the old URL stop.',
        params: IdParams,
        response: { 200: CalendarSubscription, ...errors },
      },
    },
    async (request) => events.rotateCalendarSecret(app, callerOf(request), request.params.id),
  );
};
