import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/** Query parameters that carry a secret: the calendar feed, OAuth steps and invitation links. */
const secretParams = new Set(['secret', 'code', 'state', 'v', 'token', 'key']);

/** The URL as logs may show it: secret query values replaced by `[redacted]`. */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const params = new URLSearchParams(url.slice(at + 1));
  let changed = false;
  for (const name of [...params.keys()]) {
    if (secretParams.has(name.toLowerCase())) {
      params.set(name, '[redacted]');
      changed = true;
    }
  }
  return changed ? `${url.slice(0, at)}?${params.toString()}` : url;
}

/** Pino serializer of a request: what Fastify logs by default, with the URL redacted. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * One log line per request, written once it was answered: method, redacted URL, caller, status
 * and time (Fastify's default writes a second line on arrival). Server errors are logged besides,
 * with their stack (plugins/errors.ts).
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest() {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}
