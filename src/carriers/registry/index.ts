// The carrier registry: QCMobile when an FMCSA webKey is configured, the local file otherwise.
import type { Clock } from '../../shared/clock.js';
import { createLocalRegistryProvider } from './local.js';
import { createQcMobileProvider, QCMOBILE_DEFAULT_BASE_URL } from './qcmobile.js';
import type { RegistryProvider } from './types.js';

export interface RegistryConfig {
  /** FMCSA_WEBKEY. */
  fmcsaWebKey?: string | undefined;
  /** FMCSA_BASE_URL; the public QCMobile URL when unset. */
  fmcsaBaseUrl?: string | undefined;
  /** The local registry file (default: local-registry.json next to local.ts). */
  localRegistryFile?: string | undefined;
  clock?: Clock;
}

export function createRegistryProvider(config: RegistryConfig = {}): RegistryProvider {
  const webKey = config.fmcsaWebKey?.trim();
  if (webKey) {
    return createQcMobileProvider({
      webKey,
      baseUrl: config.fmcsaBaseUrl?.trim() || QCMOBILE_DEFAULT_BASE_URL,
      ...(config.clock ? { clock: config.clock } : {}),
    });
  }
  return createLocalRegistryProvider(config.localRegistryFile, config.clock ? { clock: config.clock } : {});
}

export { vetCarrier, VETTING_RULES, FEDERAL_MINIMUM_BIPD_USD, type VettingReason, type VettingResult } from './checks.js';
export { createLocalRegistryProvider, LOCAL_REGISTRY_SAMPLES, DEFAULT_LOCAL_REGISTRY_FILE } from './local.js';
export { createQcMobileProvider, QCMOBILE_DEFAULT_BASE_URL, type QcMobileOptions } from './qcmobile.js';
export { createTestRegistryProvider, registryFor, TEST_REGISTRY_NUMBERS } from './test-mode.js';
export * from './types.js';
