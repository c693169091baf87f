import { describe, expect, it } from 'vitest';
import { parseDevices, withSeen } from './devices';

const publicKey = `B${'k'.repeat(86)}`;

describe('the device directory and my devices', () => {
  it('takes only what others need from the directory, even from an entry of the old shape', () => {
    const directory = {
      Phone000000000000001: {
        publicKey,
        label: 'Old',
        createdAt: 5,
        lastSeenAt: 9,
        approvedBy: 'x',
        signature: 'sig',
      },
      Broken00000000000001: { label: 'no key' },
    };
    expect(parseDevices(directory)).toEqual([
      {
        deviceId: 'Phone000000000000001',
        publicKey,
        createdAt: 5,
        approvedBy: 'x',
        signature: 'sig',
      },
    ]);
    expect(parseDevices(null)).toEqual([]);
  });

  it("adds each device's deviceSeen entry, blank for a device without one", () => {
    const devices = parseDevices({
      Phone000000000000001: { publicKey, createdAt: 5 },
      Laptop00000000000001: { publicKey, createdAt: 6 },
    });
    const seen = { Phone000000000000001: { label: 'Firefox on Linux', lastSeenAt: 70 } };
    expect(withSeen(devices, seen)).toEqual([
      { ...devices[0], label: 'Firefox on Linux', lastSeenAt: 70 },
      { ...devices[1], label: '', lastSeenAt: 0 },
    ]);
    expect(withSeen(devices, null).map((d) => d.lastSeenAt)).toEqual([0, 0]);
  });
});
