/** The parts of an OpenAPI 3 document the fuzzer and the authorization matrix read. */

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  maxLength?: number;
  minLength?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  default?: unknown;
  nullable?: boolean;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
}

export interface Param {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  schema: JsonSchema;
}

export interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** As in the document: `/api/investments/{id}/stop`. */
  path: string;
  params: Param[];
  /** The JSON body schema, when the operation documents one. */
  body?: JsonSchema;
  bodyRequired: boolean;
}

interface Doc {
  paths: Record<
    string,
    Record<
      string,
      { parameters?: Param[]; requestBody?: { required?: boolean; content?: Record<string, { schema?: JsonSchema }> } }
    >
  >;
}

const methods = new Set(['get', 'post', 'put', 'patch', 'delete']);

export function operationsOf(doc: unknown): Operation[] {
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries((doc as Doc).paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!methods.has(method)) continue;
      ops.push({
        method: method.toUpperCase() as Operation['method'],
        path,
        params: op.parameters ?? [],
        body: op.requestBody?.content?.['application/json']?.schema,
        bodyRequired: op.requestBody?.required ?? false,
      });
    }
  }
  return ops;
}

/** `GET /api/investments/{id}/stop`: how the matrix names an operation. */
export const keyOf = (op: Pick<Operation, 'method' | 'path'>): string => `${op.method} ${op.path}`;

/** encodeURIComponent that survives lone surrogates (it throws on them). */
export const enc = (s: string): string =>
  encodeURIComponent(s.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd'));

/** Fills `{name}` placeholders; values are URL-encoded unless `raw`. */
export function fillPath(path: string, values: Record<string, string>, raw = false): string {
  return path.replace(/\{(\w+)\}/g, (_m, name: string) => {
    const v = values[name] ?? '';
    return raw ? v : enc(v);
  });
}
