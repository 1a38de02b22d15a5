// The dashboard roles and the scopes each grants (the table of API-DESIGN "Dashboard users").
import type { components } from '../../generated/openapi.js';

export type Scope = components['schemas']['Scope'];
export type Role = components['schemas']['UserRole'];

export const ROLES: readonly Role[] = ['owner', 'admin', 'developer', 'viewer'];

const ADMIN: Scope[] = [
  'orders:read', 'orders:write', 'customers:read', 'customers:write', 'carriers:read', 'carriers:write',
  'accounting:read', 'accounting:write', 'webhooks:manage', 'audit:read', 'keys:manage',
];

export const ROLE_SCOPES: Record<Role, readonly Scope[]> = {
  /** Everything, and managing the account's users. */
  owner: [...ADMIN, 'users:manage'],
  /** Every scope but managing users. */
  admin: ADMIN,
  /** Operations and integration work: no accounting, no audit log, no users. */
  developer: ['orders:read', 'orders:write', 'customers:read', 'customers:write', 'carriers:read', 'carriers:write', 'webhooks:manage', 'keys:manage'],
  /** Every read scope but accounting and audit. */
  viewer: ['orders:read', 'customers:read', 'carriers:read'],
};

export const isRole = (value: string): value is Role => (ROLES as readonly string[]).includes(value);
