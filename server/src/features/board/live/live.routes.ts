import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponse } from '@lp/contract/common';
import { LiveParams, LiveQuery, LiveTicket } from '@lp/contract/live';
import { Type } from 'typebox';
import { HttpError, notFound } from '../../../lib/http-errors.ts';
import { callerOf } from '../../../plugins/principal.ts';
import { staffOnly } from '../../../plugins/route-rules.ts';
import { LiveHub } from './live.hub.ts';
import * as repo from './live.repository.ts';
import { identifyByTicket, issueTicket, viewerOf } from './live.service.ts';

const errors = { 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };

/*
 * The live board (contract/src/live.ts). Who may call it: staff only, like the board itself
 * (any staff member, any cohort); learners 403, anonymous callers 401. Every rule is the routes'
 * access, so the feature has no policy file. Beyond it: at most
 * config.live.connectionsPerPerson open streams per person across every server process on the
 * database (429 beyond, with Retry-After).
 *
 * The stream is authenticated by `Authorization: Token …` (scripts, services) or, from a
 * browser, by a ticket from POST /cohorts/{id}/live/ticket: single-use, about a minute, for that
 * person and cohort, so the long-lived token never travels in a URL.
 */
export const liveRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { live } = app.config;
  const hub = new LiveHub(app.db, live.heartbeatMs);
  // When a refused client may try again. A stream closed anywhere frees its place at once, and a
  // place held by a process that died stops counting when its lease runs out (LiveHub: three
  // heartbeats): asking once a heartbeat finds a freed place soon without hammering the database.
  const retryAfterSeconds = String(Math.max(1, Math.ceil(live.heartbeatMs / 1000)));
  await hub.start(app.notifications.listen, app.changes);
  // Open streams would keep the server from closing: they end first.
  app.addHook('preClose', () => hub.stop());

  app.post(
    '/cohorts/:id/live/ticket',
    {
      config: { ...staffOnly(201), sessionOnly: true },
      schema: {
        tags: ['live'],
        description:
          "A single-use ticket (about 60 s) for opening the cohort's live stream from a browser, whose EventSource cannot send the Authorization header.",
        params: LiveParams,
        response: { 201: LiveTicket, ...errors },
      },
    },
    async (request, reply) => {
      const ticket = await issueTicket(app, callerOf(request), request.params.id);
      return reply.code(201).send(ticket);
    },
  );

  app.get(
    '/cohorts/:id/live',
    {
      config: {
        ...staffOnly(200),
        sessionOnly: true,
        identifyWithoutHeader: (request) => identifyByTicket(app, request),
      },
      schema: {
        tags: ['live'],
        description:
          "The board's changes as they happen: text/event-stream with `change` (id = the change's id; Last-Event-ID, or ?last_event_id=, resumes after it), `presence` and `resync` events, and a `heartbeat` event at the start and about every 25 s. Authorization header, or ?ticket= from POST /cohorts/{id}/live/ticket.",
        params: LiveParams,
        querystring: LiveQuery,
        response: {
          200: Type.String({ description: 'text/event-stream' }),
          ...errors,
          429: ErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const cohort = request.params.id;
      if (!(await repo.cohortExists(app.db, cohort))) throw notFound('Cohort');
      const place = await hub.takePlace(caller.id, live.connectionsPerPerson);
      if (place === null)
        throw new HttpError(
          429,
          `You have ${live.connectionsPerPerson} live boards open already: close one first.`,
          { 'retry-after': retryAfterSeconds },
        );
      const lastEventId = request.headers['last-event-id'] ?? request.query.last_event_id;
      reply.hijack();
      const raw = reply.raw;
      // The headers the hooks set (security headers, CORS) go out with the stream's own.
      for (const [name, value] of Object.entries(reply.getHeaders()))
        if (value !== undefined) raw.setHeader(name, value);
      raw.writeHead(200, {
        'content-type': 'text/event-stream',
        'cache-control': 'no-cache, no-transform',
        // Proxies (nginx) must not hold events back in a buffer.
        'x-accel-buffering': 'no',
        // The connection goes with the stream: none lingers idle after it (nor holds up a close).
        connection: 'close',
      });
      raw.flushHeaders();
      let close = () => {};
      let ended = false;
      const end = () => {
        if (ended) return;
        ended = true;
        close();
        // Nothing else travels on this connection: it goes with the stream.
        raw.end(() => raw.socket?.destroy());
      };
      raw.on('close', end);
      // A client that goes away half-closes the connection: that ends the stream at once.
      request.raw.socket.once('end', end);
      // A client gone while its place was taken closed the connection before these listened:
      // its stream must not hold the place (renewed on every heartbeat) until a restart.
      if (request.raw.socket.destroyed) end();
      try {
        close = await hub.open(
          {
            cohort,
            viewer: viewerOf(caller),
            tokenId: caller.tokenId,
            place,
            write: (chunk) => {
              if (!ended) raw.write(chunk);
            },
            end,
          },
          typeof lastEventId === 'string' ? lastEventId : undefined,
        );
      } catch (error) {
        request.log.warn({ err: error }, 'live stream could not start');
        end();
      }
      if (ended) close();
      else if (live.streamMaxMs !== null) {
        const timer = setTimeout(end, live.streamMaxMs);
        raw.on('close', () => clearTimeout(timer));
      }
    },
  );
};
