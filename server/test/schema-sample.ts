/** Just enough of JSON Schema to build inputs from the API document (`/api/docs`). */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  anyOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minLength?: number;
  minItems?: number;
  minimum?: number;
  exclusiveMinimum?: number;
  pattern?: string;
  default?: unknown;
}

let counter = 0;

/** A plausible valid value for a schema (its first enum, a valid email, the smallest number). */
export function sample(schema: JsonSchema, name = ''): unknown {
  if (schema.enum) {
    return schema.enum[0];
  }
  if (schema.anyOf) {
    const first = schema.anyOf.find((s) => s.type !== 'null') ?? schema.anyOf[0];
    return sample(first as JsonSchema, name);
  }
  switch (typeOf(schema)) {
    case 'string':
      if (schema.pattern?.includes('@')) {
        return `probe-${Date.now()}-${++counter}@example.com`;
      }
      if (schema.pattern?.startsWith('^#')) {
        return '#1677ff';
      }
      if (schema.pattern) {
        return name.endsWith('_id') ? '1' : 'general';
      }
      return 'probe text'.padEnd(schema.minLength ?? 0, 'x');
    case 'integer':
    case 'number':
      return Math.max(1, schema.minimum ?? 0, (schema.exclusiveMinimum ?? 0) + 1);
    case 'boolean':
      return false;
    case 'array':
      return schema.minItems ? [sample(schema.items ?? {}, name.replace(/s$/, ''))] : [];
    case 'object':
      return Object.fromEntries(
        (schema.required ?? []).map((key) => [key, sample(schema.properties?.[key] ?? {}, key)]),
      );
    default:
      return 'probe';
  }
}

export function typeOf(schema: JsonSchema): string | undefined {
  if (schema.anyOf) {
    const types = new Set(schema.anyOf.map(typeOf).filter((t) => t !== 'null'));
    // An id: an integer or its decimal text.
    if (types.has('integer') && types.size <= 2) {
      return 'integer';
    }
    return types.size === 1 ? [...types][0] : undefined;
  }
  if (schema.enum) {
    return 'enum';
  }
  return Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
}

/** Values of the wrong JSON type for a field of this type; none for fields that take anything. */
export function wrongValues(schema: JsonSchema): unknown[] {
  switch (typeOf(schema)) {
    case 'integer':
    case 'number':
      return [true, [[1]], [2], '0x2', '1e3', { a: 1 }, 1.5];
    case 'string':
    case 'enum':
      return [true, [[1]], { a: 1 }, 12];
    case 'boolean':
      return ['maybe', [[1]], 7];
    case 'array':
      return ['text', { a: 1 }, true];
    case 'object':
      return ['text', [1], true];
    default:
      return [];
  }
}

/** JSON text nested `depth` deep (objects and arrays by turns); `JSON.stringify` of it would overflow. */
export function nestedText(depth: number): string {
  let open = '';
  let close = '';
  for (let i = 0; i < depth; i++) {
    open += i % 2 ? '[' : '{"a":';
    close = (i % 2 ? ']' : '}') + close;
  }
  return `${open}"bottom"${close}`;
}
