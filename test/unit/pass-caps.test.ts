import { describe, expect, it } from 'vitest';
import { DEVICES_PER_PASS, PASSES_PER_DEVICE, overCap } from '../../functions/domain/wallet/pass-registrations.ts';
import type { PassRegistration } from '../../functions/domain/wallet/pass-registrations.ts';

const reg = (serial: string, deviceId: string, registeredAt: number | undefined, updatedAt = 0): PassRegistration => ({
  serial, deviceId, pushToken: `t-${deviceId}`, companyId: 'c', profileId: 'p', baseUrl: 'http://x', updatedAt, ...(registeredAt === undefined ? {} : { registeredAt }),
});

describe('registration caps', () => {
  it('are small: a pass reaches a handful of devices, a device a few dozen passes', () => {
    expect(DEVICES_PER_PASS).toBeLessThanOrEqual(10);
    expect(PASSES_PER_DEVICE).toBeLessThanOrEqual(25);
  });

  it('keep the newest and evict the oldest', () => {
    const regs = [reg('s', 'a', 3), reg('s', 'b', 1), reg('s', 'c', 5), reg('s', 'd', 2)];
    const { kept, evicted } = overCap(regs, 2);
    expect(kept.map((r) => r.deviceId)).toEqual(['c', 'a']);
    expect(evicted.map((r) => r.deviceId).sort()).toEqual(['b', 'd']);
  });

  it('date registrations from before the cap by their last update', () => {
    const { evicted } = overCap([reg('s', 'alt', undefined, 10), reg('s', 'neu', 20), reg('s', 'mittel', undefined, 15)], 2);
    expect(evicted.map((r) => r.deviceId)).toEqual(['alt']);
  });

  it('evict nothing within the cap', () => {
    expect(overCap([reg('s', 'a', 1)], DEVICES_PER_PASS).evicted).toEqual([]);
  });
});
