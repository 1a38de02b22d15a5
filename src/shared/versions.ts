// The registry of supported API versions (date strings, newest first; the newest is the default for
// new keys and OAuth clients). Handlers and services always produce the current shape; a response or
// an event payload for an older version is the current one passed through the transforms of every
// newer version, newest first (so a breaking change is one transform, not a fork of handlers).
// The list must equal the spec's `ApiVersion` enum (a test checks it).

import type { components } from '../../generated/openapi.js';

type Json = Record<string, unknown>;

/** The spec's ApiVersion enum. */
export type ApiVersion = components['schemas']['ApiVersion'];

interface VersionEntry {
  version: ApiVersion;
  /** What changed in this version, as integrators read it (README, spec). */
  changes: string;
  /**
   * Turns a resource of this version into its shape in the previous version, keyed by the
   * resource's `object`. Absent for the oldest version.
   */
  downgrade?: Partial<Record<string, (resource: Json) => Json>>;
}

function renameKeys(resource: Json, renames: Record<string, string>): Json {
  return Object.fromEntries(Object.entries(resource).map(([k, v]) => [renames[k] ?? k, v]));
}

export const VERSIONS = [
  {
    version: '2026-07-01',
    changes: 'Orders name their stops `pickup` and `delivery` (they were `origin` and `destination`).',
    downgrade: {
      order: (order) => renameKeys(order, { pickup: 'origin', delivery: 'destination' }),
    },
  },
  {
    version: '2026-01-15',
    changes: 'Private preview.',
  },
] as const satisfies readonly VersionEntry[];

export const SUPPORTED_VERSIONS: readonly ApiVersion[] = VERSIONS.map((v) => v.version);
export const CURRENT_VERSION: ApiVersion = VERSIONS[0].version;

export const isSupportedVersion = (v: string): v is ApiVersion => (SUPPORTED_VERSIONS as readonly string[]).includes(v);

/** Applies one resource-level transform to every resource in a body: lists, nested objects, arrays. */
function walk(value: unknown, transform: (resource: Json) => Json): unknown {
  if (Array.isArray(value)) return value.map((v) => walk(v, transform));
  if (value === null || typeof value !== 'object') return value;
  const obj = value as Json;
  // An event carries its own api_version and was rendered for it when it was built (renderEnvelope).
  if (obj.object === 'event') return obj;
  const inner = Object.fromEntries(Object.entries(obj).map(([k, v]) => [k, walk(v, transform)]));
  return transform(inner);
}

/** The current-version `body` as `version` renders it. */
export function renderForVersion<T>(body: T, version: string): T {
  const target = SUPPORTED_VERSIONS.indexOf(version as ApiVersion);
  // An unknown version gets the body as it is; the current one (0) gets it so from the loop below.
  if (target === -1) return body;
  let out: unknown = body;
  for (const entry of VERSIONS.slice(0, target) as readonly VersionEntry[]) {
    const downgrade = entry.downgrade ?? {};
    out = walk(out, (resource) => {
      const fn = typeof resource.object === 'string' ? downgrade[resource.object] : undefined;
      return fn ? fn(resource) : resource;
    });
  }
  return out as T;
}
