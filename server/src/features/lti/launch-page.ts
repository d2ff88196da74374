import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../../lib/http-errors.ts';
import { describeValidation } from '../../plugins/errors.ts';
import { LaunchRefusal } from './launch-checks.ts';

// Only ever placed in an element's text, where these three are all that need escaping.
const escaped = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The page a browser gets for a launch or login that failed: what was wrong, in words. */
export function refusalPage(message: string) {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>LMS launch refused – Learning Platform</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;line-height:1.5}</style>
</head>
<body><main>
<h1>The launch from your LMS did not sign you in</h1>
<p role="alert">${escaped(message)}</p>
<p>Go back to your course in the LMS and open the link again. If this keeps happening, show this message to your LMS administrator or to staff here.</p>
</main></body>
</html>
`;
}

/** A person's browser (a form post or a redirect it followed), not a script. */
const fromBrowser = (request: FastifyRequest) =>
  (request.headers.accept ?? '').includes('text/html');

/**
 * The scope's errors: a browser gets the page naming what was wrong (never a 500 for a refused
 * launch); anything else goes on to the API's JSON answers, a refusal as a 400.
 */
export function answerRefusalsWithPages(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const refusal = error instanceof LaunchRefusal;
    const status = refusal ? 400 : (error.statusCode ?? 500);
    if (!fromBrowser(request) || status >= 500) {
      if (refusal) throw new HttpError(400, error.message);
      throw error;
    }
    const message = error.validation ? describeValidation(error) : error.message;
    return reply.code(status).type('text/html; charset=utf-8').send(refusalPage(message));
  });
}
