import type { FastifyError, FastifyInstance } from 'fastify';
import { HttpError } from '../lib/http-errors.ts';

interface PgError {
  code?: string;
  constraint?: string;
  detail?: string;
}

/** What a value of a schema format must be, said the way a person would. */
const FORMAT_RULES: Record<string, string> = {
  date: 'is not a valid date',
  'date-time': 'is not a valid date and time',
  'wall-time': 'is not a valid time',
  'time-zone': 'must be a time zone such as America/Chicago',
  uri: 'is not a valid URL',
};

/** Turns a validation error into one sentence that names the field and the rule. */
export function describeValidation(error: FastifyError): string {
  const first = error.validation?.[0];
  if (!first) return error.message;
  const where = error.validationContext ?? 'body';
  const params = first.params as Record<string, unknown>;
  const path = first.instancePath.replace(/^\//, '').replaceAll('/', '.');
  if (first.keyword === 'required') return `${where}.${String(params.missingProperty)} is required`;
  if (first.keyword === 'additionalProperties') {
    return `${where}.${String(params.additionalProperty)} is not allowed`;
  }
  const field = path ? `${where}.${path}` : where;
  if (first.keyword === 'format') {
    return `${field} ${FORMAT_RULES[String(params.format)] ?? first.message ?? 'is invalid'}`;
  }
  return `${field} ${first.message ?? 'is invalid'}`;
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError & PgError, request, reply) => {
    if (error instanceof HttpError) {
      return reply
        .code(error.statusCode)
        .headers(error.headers)
        .send({ ...error.details, message: error.message });
    }
    if (error.validation) {
      return reply.code(400).send({ message: describeValidation(error) });
    }
    // Database rules that input can break are the caller's error, not ours.
    if (error.code === '23505') {
      return reply
        .code(409)
        .send({ message: `Conflict: duplicate value (${error.constraint ?? 'unique'})` });
    }
    if (error.code === '23503') {
      return reply.code(409).send({
        message: `Conflict: the record is still referenced (${error.constraint ?? 'reference'})`,
      });
    }
    // Check violations and the whole data-exception class (bad numbers, text, dates): the value
    // came from the caller. A backstop only: the schemas refuse these first, naming the field.
    if (error.code === '23514' || /^22[0-9A-Z]{3}$/.test(error.code ?? '')) {
      return reply.code(400).send({ message: `Invalid value: ${error.message}` });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.code(error.statusCode).send({ message: error.message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ message: 'Internal server error' });
  });
}

/** JSON answers carry exactly `application/json`: existing clients compare the header literally. */
export function registerJsonContentType(app: FastifyInstance) {
  app.addHook('onSend', async (_request, reply, payload) => {
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && type.startsWith('application/json')) {
      reply.header('content-type', 'application/json');
    }
    return payload;
  });
}
