import { z } from 'zod';

type JsonSchemaNode = Record<string, unknown>;

/** Keywords that only constrain or describe a value: a serializer writes the value the same without them. */
const IGNORED_KEYWORDS = new Set([
  '$schema',
  'title',
  'description',
  'examples',
  'default',
  'deprecated',
  'readOnly',
  'writeOnly',
  'format',
  'pattern',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minItems',
  'maxItems',
  'uniqueItems',
  'minProperties',
  'maxProperties',
  'contentEncoding',
  'contentMediaType',
  'enum',
  'const',
  // JSON keys are strings whatever a record's key schema says.
  'propertyNames',
]);
const SHAPE_KEYWORDS = new Set(['properties', 'required', 'additionalProperties', 'items']);
const WRITTEN_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'null', 'object', 'array']);

const isNode = (value: unknown): value is JsonSchemaNode =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** One alternative of a value: its JSON types (none: any value) and its keywords that shape objects and arrays. */
interface Alternative {
  types: string[];
  shape: JsonSchemaNode;
}

/** A schema's alternatives (the branches of its unions, flattened), or null when one cannot be written. */
function alternativesOf(node: JsonSchemaNode): Alternative[] | null {
  const unionKeyword = 'anyOf' in node ? 'anyOf' : 'oneOf' in node ? 'oneOf' : undefined;
  if (unionKeyword) {
    const union = node[unionKeyword];
    const described = Object.keys(node).every(
      (keyword) => keyword === unionKeyword || IGNORED_KEYWORDS.has(keyword),
    );
    if (!described || !Array.isArray(union)) return null;
    const alternatives: Alternative[] = [];
    for (const branch of union as unknown[]) {
      const ofBranch = isNode(branch) ? alternativesOf(branch) : null;
      if (!ofBranch) return null;
      alternatives.push(...ofBranch);
    }
    return alternatives;
  }
  let types: string[] = [];
  const shape: JsonSchemaNode = {};
  for (const [keyword, value] of Object.entries(node)) {
    if (IGNORED_KEYWORDS.has(keyword)) continue;
    if (keyword === 'type') {
      const listed: unknown[] = Array.isArray(value) ? value : [value];
      if (!listed.every((type) => typeof type === 'string' && WRITTEN_TYPES.has(type))) return null;
      types = listed as string[];
    } else if (SHAPE_KEYWORDS.has(keyword)) {
      shape[keyword] = value;
    } else {
      return null;
    }
  }
  return [{ types, shape }];
}

/** How an object is written: its properties, and what it does with keys it does not declare. */
function objectShape(shape: JsonSchemaNode): JsonSchemaNode | null {
  const written: JsonSchemaNode = {};
  if (shape.required !== undefined) written.required = shape.required;
  if ('properties' in shape) {
    if (!isNode(shape.properties)) return null;
    const properties: JsonSchemaNode = {};
    for (const [name, property] of Object.entries(shape.properties)) {
      const writtenProperty = isNode(property) ? writtenAs(property) : null;
      if (!writtenProperty) return null;
      properties[name] = writtenProperty;
    }
    written.properties = properties;
  }
  // false drops what the schema does not declare, as zod's strip does; a schema (a record, a
  // loose object's {}) writes each undeclared key through it.
  const others = shape.additionalProperties;
  if (others !== undefined) {
    const writtenOthers = others === false ? false : isNode(others) ? writtenAs(others) : null;
    if (writtenOthers === null) return null;
    written.additionalProperties = writtenOthers;
  }
  return written;
}

/**
 * The alternatives as one node, when fast-json-stringify can tell them apart by the JSON type of
 * the value alone (`number | {id, name}`, `string | null`, `number[] | {id, name}[]`) — it then
 * never validates a branch to choose one.
 */
function merged(alternatives: Alternative[]): JsonSchemaNode | null {
  if (alternatives.length === 1 && alternatives[0]!.types.length === 0) {
    return Object.keys(alternatives[0]!.shape).length ? null : {};
  }
  const types = new Set<string>();
  const node: JsonSchemaNode = {};
  const arrayItems: unknown[] = [];
  for (const { types: ofAlternative, shape } of alternatives) {
    if (ofAlternative.length === 0) return null;
    const keywords = Object.keys(shape);
    if (keywords.some((keyword) => !ofAlternative.includes(keyword === 'items' ? 'array' : 'object')))
      return null;
    for (const type of ofAlternative) {
      // Arrays of either items are one array of either item; anything else shared is ambiguous.
      if (types.has(type) && type !== 'array') return null;
      types.add(type);
    }
    if ('items' in shape) arrayItems.push(shape.items);
    if (ofAlternative.includes('object')) {
      const object = objectShape(shape);
      if (!object) return null;
      Object.assign(node, object);
    }
  }
  if (types.has('number') && types.has('integer')) return null;
  if (arrayItems.length > 0) {
    if (!arrayItems.every(isNode)) return null;
    const items = writtenAs(arrayItems.length === 1 ? arrayItems[0]! : { anyOf: arrayItems });
    if (!items) return null;
    node.items = items;
  }
  // It tries the types in order (null first); its string test also takes arrays, so strings go last.
  const ordered = [...types].sort((a, b) => Number(a === 'string') - Number(b === 'string'));
  node.type = ordered.length === 1 ? ordered[0] : ordered;
  return node;
}

function writtenAs(node: JsonSchemaNode): JsonSchemaNode | null {
  const alternatives = alternativesOf(node);
  return alternatives && merged(alternatives);
}

/**
 * The JSON Schema fast-json-stringify writes exactly as `JSON.stringify` writes a value the zod
 * schema accepts, or null when it cannot promise that: a union whose branches share a JSON type
 * (it would pick one by validating each with ajv, and coerce to it), records and pattern
 * properties, tuples, references, intersections. Validation keywords are dropped (nothing is
 * validated on the way out), and so are `format` (it reformats Date values its own way) and
 * `const`/`enum` (it would write the constant rather than the value).
 */
export function fastJsonSchemaOf(schema: z.ZodType): JsonSchemaNode | null {
  let jsonSchema: JsonSchemaNode;
  try {
    jsonSchema = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any', target: 'draft-07' });
  } catch {
    // A schema zod cannot describe (a transform's output) is written by JSON.stringify.
    return null;
  }
  return writtenAs(jsonSchema);
}
