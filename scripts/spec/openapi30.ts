/**
 * The OpenAPI 3.0 rendition of the published 3.1 document (generated/openapi-3.0.json, served as
 * /openapi-3.0.json, and specs/published/<version>.openapi-3.0.json beside each published version).
 */
import { Converter } from '@apiture/openapi-down-convert';
import type { Json, JsonObject } from './json.js';


/**
 * The bundled document as OpenAPI 3.0.3, for generators that do not read 3.1: the maintained
 * down-converter (@apiture/openapi-down-convert: `const`, `examples`, `type` arrays, `$comment`,
 * the license identifier), then what it leaves: a schema `$ref` with keywords beside it goes into
 * `allOf` (3.0 ignores a reference's siblings), a `{type: 'null'}` branch of `oneOf`/`anyOf`
 * becomes `nullable: true` on what remains (a lone `$ref` wrapped in `allOf`), and the keywords 3.0
 * does not have are removed (`propertyNames`, `if`/`then`/`else`), each listed in the operation
 * `getOpenApi30Json`'s description. Fails when anything 3.1-only is left.
 */
export function openapi30(doc: JsonObject): JsonObject {
  const converted = new Converter(structuredClone(doc), { verbose: false }).convert() as JsonObject;
  // 3.0's Info has no summary.
  delete (converted.info as JsonObject).summary;
  const schemas = ((converted.components as JsonObject).schemas ?? {}) as JsonObject;
  /** The `type` of a schema, through `$ref`s and `allOf`s (3.0 wants one beside `nullable`). */
  const typeOf = (schema: Json, seen = new Set<string>()): Json | undefined => {
    if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) return undefined;
    if (typeof schema.type === 'string') return schema.type;
    if (typeof schema.$ref === 'string' && !seen.has(schema.$ref)) {
      seen.add(schema.$ref);
      return typeOf(schemas[schema.$ref.split('/').pop()!] as Json, seen);
    }
    for (const key of ['allOf', 'oneOf', 'anyOf']) {
      const types = Array.isArray(schema[key]) ? [...new Set((schema[key] as Json[]).map((b) => typeOf(b, seen)))] : [];
      if (types.length === 1 && types[0] !== undefined) return types[0];
    }
    if (Array.isArray(schema.enum) && schema.enum.every((v) => typeof v === 'string')) return 'string';
    return undefined;
  };
  const isNull = (v: Json) => typeof v === 'object' && v !== null && !Array.isArray(v) && v.type === 'null' && Object.keys(v).length === 1;
  const walk = (value: Json): Json => {
    if (Array.isArray(value)) return value.map(walk);
    if (value === null || typeof value !== 'object') return value;
    let out: JsonObject = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v)]));
    for (const key of ['propertyNames', 'if', 'then', 'else']) delete out[key];
    for (const key of ['oneOf', 'anyOf'] as const) {
      const branches = out[key];
      if (!Array.isArray(branches) || !branches.some(isNull)) continue;
      const rest = branches.filter((b) => !isNull(b));
      const { [key]: _dropped, ...others } = out;
      if (rest.length === 1) {
        const only = rest[0] as JsonObject;
        if ('$ref' in only) {
          // 3.0 cannot make a referenced schema nullable (`allOf` + `nullable` still refuses null in
          // validators): the schema is copied in, its title kept so generators name it the same.
          const target = schemas[String(only.$ref).split('/').pop()!] as JsonObject | undefined;
          out = target ? { ...(walk(target) as JsonObject), ...others, nullable: true } : { ...others, allOf: [only], nullable: true };
        } else {
          out = { ...others, ...only, nullable: true };
        }
      } else {
        // Null goes to the first branch that can carry it (a typed one): one branch still matches.
        const at = rest.findIndex((b) => typeof b === 'object' && b !== null && !Array.isArray(b) && typeof b.type === 'string');
        out = at >= 0 ? { ...others, [key]: rest.map((b, i) => (i === at ? { ...(b as JsonObject), nullable: true } : b)) } : { ...others, [key]: rest, nullable: true };
      }
    }
    // 3.0 ignores what stands beside a `$ref`: a schema reference with a description (or another
    // keyword) beside it is the 3.0 idiom, the reference alone in `allOf`.
    if (typeof out.$ref === 'string' && out.$ref.startsWith('#/components/schemas/') && Object.keys(out).length > 1) {
      const { $ref, ...others } = out;
      out = { ...others, allOf: [{ $ref }] };
    }
    // A nullable enum lists null among its values in 3.0.
    if (out.nullable === true && Array.isArray(out.enum) && !out.enum.includes(null)) out = { ...out, enum: [...out.enum, null] };
    if (out.nullable === true && out.type === undefined) {
      const type = typeOf(out);
      if (type !== undefined) out = { type, ...out };
    }
    return out;
  };
  const result = hoistObjectTypes(walk(converted) as JsonObject);
  const left = JSON.stringify(result).match(/"type":"null"|"const":|"\$defs"|"prefixItems"/);
  if (left) throw new Error(`openapi-3.0.json: ${left[0]} is left after the down-conversion`);
  return result;
}

/** `carrier_registry_snapshot` -> `CarrierRegistrySnapshotObject`. */
const objectTypeName = (value: string) => `${value.replace(/(^|_)([a-z0-9])/g, (_m, _u, c: string) => c.toUpperCase())}Object`;

/**
 * Each resource's `object` property (one string: `"order"`, `"list"`, ...) as a named schema it refers
 * to, one per value (`OrderObject`, `ListObject`). Inline, a generator that makes a TypeScript enum
 * of every inline enum names it after the property, and `enum object` does not compile (TS2431:
 * openapi-typescript-codegen made 42 of them); named, it is `enum OrderObject`. Its values and
 * every generator's literal type stay the same.
 */
function hoistObjectTypes(doc: JsonObject): JsonObject {
  const schemas = (doc.components as JsonObject).schemas as JsonObject;
  const hoisted: JsonObject = {};
  const walk = (value: Json): Json => {
    if (Array.isArray(value)) return value.map(walk);
    if (value === null || typeof value !== 'object') return value;
    const out: JsonObject = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v)]));
    const properties = out.properties;
    const object = properties && typeof properties === 'object' && !Array.isArray(properties) ? properties.object : undefined;
    if (object && typeof object === 'object' && !Array.isArray(object) && object.type === 'string' && Array.isArray(object.enum) && object.enum.length === 1 && typeof object.enum[0] === 'string') {
      const name = objectTypeName(object.enum[0]);
      if (name in schemas) throw new Error(`openapi-3.0.json: ${name} names a schema already; the object type "${object.enum[0]}" cannot take it`);
      hoisted[name] = { title: name, type: 'string', description: `String representing the object's type: always \`${object.enum[0]}\`.`, enum: [object.enum[0]], example: object.enum[0] };
      out.properties = { ...(properties as JsonObject), object: { $ref: `#/components/schemas/${name}` } };
    }
    return out;
  };
  const result = walk(doc) as JsonObject;
  const sorted = Object.fromEntries(Object.entries(hoisted).sort(([a], [b]) => a.localeCompare(b)));
  (result.components as JsonObject).schemas = { ...((result.components as JsonObject).schemas as JsonObject), ...sorted };
  return result;
}
