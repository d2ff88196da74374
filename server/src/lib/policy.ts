import { forbidden } from './http-errors.ts';

/**
 * The one way a service applies its feature's policy: `assertAllowed(mayX(caller, …))`. A policy
 * (`features/<name>/<name>.policy.ts`) only answers yes or no; this turns a no into the 403,
 * with the default message unless the rule has one of its own.
 */
export function assertAllowed(allowed: boolean, message?: string): asserts allowed {
  if (!allowed) throw forbidden(message);
}
