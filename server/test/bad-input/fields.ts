// The fields of a route as its OpenAPI operation describes them: path and query parameters and
// the JSON body's properties (nested objects and the first item of arrays of objects included).

export interface Schema {
  type?: string;
  anyOf?: Schema[];
  nullable?: boolean;
  enum?: unknown[];
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  maxItems?: number;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
}

interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema: Schema;
}

export interface Operation {
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content?: Record<string, { schema: Schema }> };
}

export interface Field {
  location: 'path' | 'query' | 'body';
  /** Where in the params, query or body: ['teams', '0', 'teamIndex']. */
  path: string[];
  schema: Schema;
  required: boolean;
}

export const fieldName = (field: Field) => field.path[field.path.length - 1] as string;
export const describeField = (field: Field) => `${field.location}.${field.path.join('.')}`;

/** The JSON types a schema accepts ('null' when it is nullable). */
export function kindsOf(schema: Schema): Set<string> {
  const kinds = new Set<string>(
    schema.anyOf ? schema.anyOf.flatMap((each) => [...kindsOf(each)]) : [schema.type ?? 'any'],
  );
  if (schema.nullable) kinds.add('null');
  return kinds;
}

function bodyFields(schema: Schema, value: unknown, path: string[]): Field[] {
  const fields: Field[] = [];
  const object = (value ?? {}) as Record<string, unknown>;
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    const here = [...path, name];
    fields.push({
      location: 'body',
      path: here,
      schema: property,
      required: schema.required?.includes(name) ?? false,
    });
    if (property.properties) fields.push(...bodyFields(property, object[name], here));
    const first = Array.isArray(object[name]) ? (object[name] as unknown[])[0] : undefined;
    if (property.items?.properties && first !== undefined)
      fields.push(...bodyFields(property.items, first, [...here, '0']));
  }
  return fields;
}

/** Every field of an operation; `body` is a valid body, to follow into arrays of objects. */
export function fieldsOf(operation: Operation, body: unknown): Field[] {
  const parameters = (operation.parameters ?? [])
    .filter((parameter) => parameter.in === 'path' || parameter.in === 'query')
    .map(
      (parameter): Field => ({
        location: parameter.in as 'path' | 'query',
        path: [parameter.name],
        schema: parameter.schema,
        required: parameter.required ?? false,
      }),
    );
  const schema = operation.requestBody?.content?.['application/json']?.schema;
  return [...parameters, ...(schema ? bodyFields(schema, body, []) : [])];
}

/** The OpenAPI path of a route path: '/students/:id' → '/students/{id}'. */
export const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');
