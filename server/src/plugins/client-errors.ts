import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';

// Errors Fastify answers before a route runs: they get the API's `{ "message": … }` body too.

/** Router errors: a malformed URL (400) or a path segment longer than allowed (414). */
export function answerFrameworkError(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
) {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return sendMessage(reply, 414, 'The request URL is too long.');
  }
  if (error.code === 'FST_ERR_BAD_URL') {
    return sendMessage(reply, 400, 'The request URL is malformed.');
  }
  return sendMessage(reply, error.statusCode ?? 400, error.message);
}

/**
 * Written by hand because no route hook runs for these answers, so Fastify would append a
 * charset to the exact `application/json` type existing clients compare literally.
 */
function sendMessage(reply: FastifyReply, status: number, message: string) {
  const body = JSON.stringify({ message });
  reply.hijack();
  reply.raw.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(body),
  });
  reply.raw.end(body);
}

const clientErrorMessages: Record<string, [number, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'The request headers (or URL) are too large.'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'The request took too long to arrive.'],
};

/** Errors of the HTTP parser, answered on the raw socket since no request exists yet. */
export function answerClientError(error: Error & { code?: string }, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] = clientErrorMessages[error.code ?? ''] ?? [
    400,
    'The request is not valid HTTP.',
  ];
  const body = JSON.stringify({ message });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
