// The registry of supported API versions (date strings). The newest is the default for new keys.
export const SUPPORTED_VERSIONS = ['2026-07-01'] as const;
export type ApiVersion = (typeof SUPPORTED_VERSIONS)[number];
export const CURRENT_VERSION: ApiVersion = '2026-07-01';

export const isSupportedVersion = (v: string): v is ApiVersion => (SUPPORTED_VERSIONS as readonly string[]).includes(v);
