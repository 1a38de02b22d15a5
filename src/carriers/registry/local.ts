// The local registry: a JSON file of carrier records, for development and tests (no FMCSA webKey).
// Dates may be absolute (`YYYY-MM-DD`) or relative to the look-up day (`today+10d`, `today-30d`),
// so "expires soon" and "lapsed" samples stay true whenever the file is read.
import { readFile, stat } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { systemClock, type Clock } from '../../shared/clock.js';
import {
  normalizeDotNumber,
  normalizeMcNumber,
  RegistryUnavailableError,
  toCalendarDate,
  type AuthorityStatus,
  type CarrierRecord,
  type RegistryProvider,
  type SafetyRating,
} from './types.js';

export const DEFAULT_LOCAL_REGISTRY_FILE = fileURLToPath(new URL('./local-registry.json', import.meta.url));

/** The DOT numbers of `local-registry.json`, by the outcome they produce. */
export const LOCAL_REGISTRY_SAMPLES = {
  /** Pass every vetting check (one with a Conditional rating and contract authority only). */
  pass: ['2847193', '1462085', '3319827'],
  not_authorized: '3056712',
  insurance_below_minimum: '2598341',
  unsatisfactory_rating: '1873420',
  out_of_service: '2765019',
  /** Fails not_authorized, unsatisfactory_rating and out_of_service at once. */
  multiple: '1129384',
  /** Absent from the file: the look-up answers null, vetting says not_found. */
  not_found: '7777777',
  /** The look-up throws RegistryUnavailableError('unreachable'). */
  unreachable: '4000503',
  /** Passes vetting; insurance certificate expired 12 days ago (for the compliance scan). */
  insurance_expired: '3190456',
  /** Passes vetting; bond expires in 10 days. */
  bond_expiring_soon: '2233871',
  /** Passes vetting; process-agent (BOC-3) filing lapsed 30 days ago. */
  process_agent_lapsed: '1650328',
} as const;

interface FileRecord {
  dotNumber: string;
  mcNumber?: string | null;
  simulate?: 'unreachable';
  legalName?: string;
  dbaName?: string | null;
  allowedToOperate?: boolean;
  commonAuthority?: AuthorityStatus;
  contractAuthority?: AuthorityStatus;
  bipdInsuranceOnFileUsd?: number;
  bipdInsuranceRequiredUsd?: number;
  cargoInsuranceOnFile?: boolean;
  bondOnFile?: boolean;
  safetyRating?: SafetyRating;
  outOfServiceDate?: string | null;
  insuranceExpiresOn?: string | null;
  bondExpiresOn?: string | null;
  processAgentExpiresOn?: string | null;
  phone?: string | null;
  email?: string | null;
  physicalAddress?: string | null;
}

const AUTHORITIES: readonly string[] = ['active', 'inactive', 'none'];
const RATINGS: readonly string[] = ['satisfactory', 'conditional', 'unsatisfactory', 'unrated'];
const DATE = /^(\d{4}-\d{2}-\d{2}|today[+-]\d+d)$/;

function validate(file: string, raw: unknown): FileRecord[] {
  const list = (raw as { carriers?: unknown } | null)?.carriers;
  if (!Array.isArray(list)) throw new Error(`${file}: expected {"carriers": [...]}`);
  return list.map((r: FileRecord, i) => {
    const where = `${file}: carriers[${i}]`;
    if (typeof r?.dotNumber !== 'string' || !normalizeDotNumber(r.dotNumber)) throw new Error(`${where}: dotNumber must be digits`);
    if (r.simulate !== undefined) {
      if (r.simulate !== 'unreachable') throw new Error(`${where}: simulate must be "unreachable"`);
      return r;
    }
    const problems: string[] = [];
    if (typeof r.legalName !== 'string' || r.legalName === '') problems.push('legalName');
    if (typeof r.allowedToOperate !== 'boolean') problems.push('allowedToOperate');
    if (!AUTHORITIES.includes(r.commonAuthority as string)) problems.push('commonAuthority');
    if (!AUTHORITIES.includes(r.contractAuthority as string)) problems.push('contractAuthority');
    if (!Number.isInteger(r.bipdInsuranceOnFileUsd)) problems.push('bipdInsuranceOnFileUsd');
    if (!Number.isInteger(r.bipdInsuranceRequiredUsd)) problems.push('bipdInsuranceRequiredUsd');
    if (typeof r.cargoInsuranceOnFile !== 'boolean') problems.push('cargoInsuranceOnFile');
    if (typeof r.bondOnFile !== 'boolean') problems.push('bondOnFile');
    if (!RATINGS.includes(r.safetyRating as string)) problems.push('safetyRating');
    for (const k of ['phone', 'email', 'physicalAddress'] as const) {
      if (r[k] !== undefined && r[k] !== null && typeof r[k] !== 'string') problems.push(k);
    }
    for (const k of ['outOfServiceDate', 'insuranceExpiresOn', 'bondExpiresOn', 'processAgentExpiresOn'] as const) {
      const v = r[k];
      if (v !== null && v !== undefined && !(typeof v === 'string' && DATE.test(v))) problems.push(k);
    }
    if (problems.length > 0) throw new Error(`${where}: invalid ${problems.join(', ')}`);
    return r;
  });
}

/** `today+10d` / `today-30d` against `now`; absolute dates unchanged. */
function resolveDate(v: string | null | undefined, now: Date): string | null {
  if (v === null || v === undefined) return null;
  const m = /^today([+-]\d+)d$/.exec(v);
  if (!m) return v;
  return toCalendarDate(new Date(now.getTime() + Number(m[1]) * 86_400_000));
}

export function createLocalRegistryProvider(
  file: string = DEFAULT_LOCAL_REGISTRY_FILE,
  options: { clock?: Clock } = {},
): RegistryProvider {
  const clock = options.clock ?? systemClock;
  let loaded: Promise<FileRecord[]> | undefined;
  let version = '';
  // Read again whenever the file changed (its size or time): the registry changes under a running
  // process, as the real one does (monitoring reads it again every day).
  const records = async (): Promise<FileRecord[]> => {
    const st = await stat(file).catch(() => null);
    const now = st ? `${st.size}:${st.mtimeMs}` : '';
    if (!loaded || now !== version) {
      version = now;
      loaded = readFile(file, 'utf8').then((text) => validate(file, JSON.parse(text)));
    }
    const current = loaded;
    current.catch(() => {
      if (loaded === current) loaded = undefined; // a broken file is re-read next time
    });
    return current;
  };

  const toRecord = (r: FileRecord): CarrierRecord => {
    if (r.simulate === 'unreachable') {
      throw new RegistryUnavailableError('unreachable', `local registry: DOT ${r.dotNumber} simulates an unreachable registry`, {
        provider: 'local',
      });
    }
    const now = clock.now();
    return {
      dotNumber: normalizeDotNumber(r.dotNumber)!,
      mcNumber: r.mcNumber ? normalizeMcNumber(r.mcNumber) : null,
      legalName: r.legalName!,
      dbaName: r.dbaName ?? null,
      allowedToOperate: r.allowedToOperate!,
      commonAuthority: r.commonAuthority!,
      contractAuthority: r.contractAuthority!,
      bipdInsuranceOnFileUsd: r.bipdInsuranceOnFileUsd!,
      bipdInsuranceRequiredUsd: r.bipdInsuranceRequiredUsd!,
      cargoInsuranceOnFile: r.cargoInsuranceOnFile!,
      bondOnFile: r.bondOnFile!,
      safetyRating: r.safetyRating!,
      outOfServiceDate: resolveDate(r.outOfServiceDate, now),
      insuranceExpiresOn: resolveDate(r.insuranceExpiresOn, now),
      bondExpiresOn: resolveDate(r.bondExpiresOn, now),
      processAgentExpiresOn: resolveDate(r.processAgentExpiresOn, now),
      phone: r.phone ?? null,
      email: r.email ?? null,
      physicalAddress: r.physicalAddress ?? null,
      retrievedAt: now,
    };
  };

  return {
    name: 'local',
    async findByDot(dotInput) {
      const dot = normalizeDotNumber(dotInput);
      if (!dot) return null;
      const hit = (await records()).find((r) => normalizeDotNumber(r.dotNumber) === dot);
      return hit ? toRecord(hit) : null;
    },
    async findByMc(mcInput) {
      const mc = normalizeMcNumber(mcInput);
      if (!mc) return null;
      const hit = (await records()).find((r) => r.mcNumber && normalizeMcNumber(r.mcNumber) === mc);
      return hit ? toRecord(hit) : null;
    },
  };
}
