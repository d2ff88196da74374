import { type Field, fieldName, kindsOf, type Schema } from './fields.ts';

/** A bad value for a field. */
export interface BadValue {
  label: string;
  /** In a URL it is sent as String(value), objects as JSON. */
  value: unknown;
  /** Written into a JSON body as this raw text instead (what JSON.stringify cannot say). */
  rawJson?: string;
  /** The kinds of field it is wrong for: a field whose every kind is listed must refuse it. */
  wrongFor: readonly string[];
  /** Only sent in a JSON body. */
  bodyOnly?: boolean;
  /** A number: for free text it is just text, so only fields that hold or look like numbers get it. */
  numeric?: boolean;
}

const NOT_TEXT = ['integer', 'number', 'boolean', 'object', 'array'];
const EVERY_KIND = [...NOT_TEXT, 'string', 'null'];
const digits309 = `1${'0'.repeat(308)}`;
const depth = 10_000;
const deeplyNested = `${'['.repeat(depth)}${']'.repeat(depth)}`;

/** Every field gets these. */
export const BAD_VALUES: readonly BadValue[] = [
  { label: 'text', value: 'abc', wrongFor: NOT_TEXT },
  { label: 'empty', value: '', wrongFor: [] },
  { label: 'NUL', value: 'a\u0000b', wrongFor: EVERY_KIND },
  { label: 'control characters', value: 'a\u0001\u001b[2J\u007f\r\nb', wrongFor: NOT_TEXT },
  { label: 'unicode', value: '😀 \u202Eevil\u202C e\u0301\u0301 日本', wrongFor: NOT_TEXT },
  { label: 'SQL', value: "x' OR '1'='1'; DROP TABLE people; --", wrongFor: NOT_TEXT },
  { label: '1e309', value: '1e309', rawJson: '1e309', wrongFor: NOT_TEXT, numeric: true },
  { label: 'Infinity', value: 'Infinity', wrongFor: NOT_TEXT, numeric: true },
  { label: 'NaN', value: 'NaN', wrongFor: NOT_TEXT, numeric: true },
  { label: '309 digits', value: digits309, rawJson: digits309, wrongFor: NOT_TEXT, numeric: true },
  { label: 'above 2147483647', value: 2147483648, wrongFor: NOT_TEXT, numeric: true },
  { label: 'negative', value: -1, wrongFor: NOT_TEXT, numeric: true },
  // null is coerced ('' for text, false, 0) and allowed where a field is nullable.
  { label: 'null', value: null, wrongFor: [], bodyOnly: true },
  {
    label: 'object',
    value: {},
    wrongFor: ['integer', 'number', 'boolean', 'string', 'array'],
    bodyOnly: true,
  },
  {
    label: 'deep nesting',
    value: null,
    rawJson: deeplyNested,
    wrongFor: EVERY_KIND,
    bodyOnly: true,
  },
];

/** Fields that hold a date or an instant also get impossible ones. */
const BAD_DATES: readonly BadValue[] = [
  { label: 'impossible date', value: '2026-02-30', wrongFor: EVERY_KIND },
  { label: 'out of range date-time', value: '2026-13-45T25:61:00Z', wrongFor: EVERY_KIND },
  { label: 'words for a date', value: 'next tuesday', wrongFor: EVERY_KIND },
];

const DATE_PATTERN = '\\d{4}-\\d{2}-\\d{2}';
const holdsDate = (field: Field) =>
  field.schema.pattern?.includes(DATE_PATTERN) ||
  /^(date|datetime)$|[a-z](Date|At|Attempt)$|_date$/.test(fieldName(field));

function badItems(schema: Schema): BadValue[] {
  const values: BadValue[] = [
    { label: 'array of null', value: [null], wrongFor: ['array'], bodyOnly: true },
  ];
  if (schema.maxItems !== undefined) {
    const count = schema.maxItems + 1;
    values.push({ label: `${count} items`, value: Array(count).fill(1), wrongFor: ['array'] });
  }
  return values;
}

/** Whether a field holds something other than free text (a number, a list, a code). */
function holdsNonText(field: Field) {
  const { schema } = field;
  const kinds = [...kindsOf(schema)].filter((kind) => kind !== 'null');
  return kinds.some((kind) => kind !== 'string') || !!schema.pattern || !!schema.enum;
}

/** The bad values a field gets. */
export function badValuesFor(field: Field): BadValue[] {
  const kinds = kindsOf(field.schema);
  return [
    ...BAD_VALUES,
    ...(holdsDate(field) ? BAD_DATES : []),
    ...(kinds.has('array') ? badItems(field.schema) : []),
  ]
    .filter((bad) => !bad.bodyOnly || field.location === 'body')
    .filter((bad) => !bad.numeric || holdsNonText(field));
}

/** Text that a string schema without alternatives cannot hold. */
function breaksTextRules(schema: Schema, value: unknown) {
  if (typeof value !== 'string' || schema.anyOf || schema.type !== 'string') return false;
  if (schema.enum && !schema.enum.includes(value)) return true;
  // Counted in code points, as the schema counts; a string twice too long needs no counting.
  const length =
    schema.maxLength !== undefined && value.length > 2 * schema.maxLength
      ? value.length
      : [...value].length;
  if (schema.maxLength !== undefined && length > schema.maxLength) return true;
  if (schema.minLength !== undefined && length < schema.minLength) return true;
  return schema.pattern !== undefined && !new RegExp(schema.pattern, 'u').test(value);
}

/** Whether the field must refuse the value: it is wrong for every kind the field accepts. */
export function mustRefuse(field: Field, bad: BadValue) {
  const kinds = kindsOf(field.schema);
  // Validation turns '' into null where null is allowed.
  if (kinds.has('null') && bad.value === '') return false;
  // A number in a JSON body reaches a text field as its digits, not as the text of `value`.
  const sentAsText = field.location !== 'body' || bad.rawJson === undefined;
  return (
    [...kinds].every((kind) => bad.wrongFor.includes(kind)) ||
    (sentAsText && breaksTextRules(field.schema, bad.value))
  );
}
