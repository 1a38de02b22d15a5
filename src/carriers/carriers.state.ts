// The carrier lifecycle as a table: onboarded carriers wait for vetting, which makes them active or
// rejected; active carriers can be suspended (by hand or by a lapsed insurance certificate) and
// reinstated, which vets them again.
import type { components } from '../../generated/openapi.js';
import type { EventType } from '../../generated/events.js';
import { stateMachine, type Transition } from '../shared/state-machine.js';

type CarrierStatus = components['schemas']['CarrierStatus'];

export const carrierLifecycle = stateMachine('carrier', {
  pass_vetting: { from: ['pending_vetting'], to: 'active', event: 'carrier.vetted', verb: 'vetted' },
  fail_vetting: { from: ['pending_vetting'], to: 'rejected', event: 'carrier.rejected', verb: 'rejected' },
  suspend: { from: ['active'], to: 'suspended', event: 'carrier.suspended', verb: 'suspended', audit: 'carrier.suspended' as const },
  reinstate: { from: ['suspended'], to: 'pending_vetting', verb: 'reinstated', audit: 'carrier.reinstated' as const },
  revet: { from: ['pending_vetting', 'rejected'], to: 'pending_vetting', verb: 'vetted again', audit: 'carrier.revetted' as const },
} satisfies Record<string, Transition<CarrierStatus, EventType>>);

type ComplianceAlertStatus = components['schemas']['ComplianceAlertStatus'];

export const complianceAlertLifecycle = stateMachine('compliance alert', {
  resolve: { from: ['open'], to: 'resolved', verb: 'resolved' },
} satisfies Record<string, Transition<ComplianceAlertStatus>>);
