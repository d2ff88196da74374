// Each route's schemas are compiled when the route is first asked, not while the server starts:
// compiling the validators (Ajv) and serialisers (fast-json-stringify) of every route before it
// listens was a third of a restart. Fastify's own compilers do the work, with its options.
import { AjvCompiler } from '@fastify/ajv-compiler';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';

type ValidatorFactory = ReturnType<typeof AjvCompiler>;
type CompiledValidator = ReturnType<ReturnType<ValidatorFactory>>;
type SerializerFactory = ReturnType<typeof SerializerSelector>;
type Serializer = ReturnType<ReturnType<SerializerFactory>>;

/** A validator that compiles `compile()`'s on its first call and behaves as it from then on. */
function lazyValidator(compile: () => CompiledValidator): CompiledValidator {
  let compiled: CompiledValidator | undefined;
  const validator = () => {
    compiled ??= compile();
    return compiled;
  };
  const validate = Object.assign(
    (...args: Parameters<CompiledValidator>) => {
      const valid = validator()(...args);
      validate.errors = validator().errors;
      return valid;
    },
    { errors: null as CompiledValidator['errors'] },
  );
  // Fastify hands Ajv the request as the parent of the part it validates (so that coercion can
  // replace the part itself) when the validator has a schemaEnv, as Ajv's functions do.
  Object.defineProperty(validate, 'schemaEnv', { get: () => validator().schemaEnv });
  return validate as CompiledValidator;
}

function lazySerializer(compile: () => Serializer): Serializer {
  let compiled: Serializer | undefined;
  return (data) => {
    compiled ??= compile();
    return compiled(data);
  };
}

const defaultValidators = AjvCompiler();
const defaultSerializers = SerializerSelector();

const buildValidator: ValidatorFactory = (externalSchemas, options) => {
  const compile = defaultValidators(externalSchemas, options);
  return (route) => lazyValidator(() => compile(route));
};

const buildSerializer: SerializerFactory = (externalSchemas, options) => {
  const compile = defaultSerializers(externalSchemas, options);
  return (route) => lazySerializer(() => compile(route));
};

/**
 * Fastify's `schemaController.compilersFactory`. (With it Fastify takes the validator for a custom
 * one and passes header schemas as they are, without lowercasing their property names: the
 * contract's header schemas name headers in lowercase.)
 */
export const lazySchemaCompilers = { buildValidator, buildSerializer };
