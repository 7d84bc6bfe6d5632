import type { CDPSession } from 'playwright-core';

/** A phone's network and CPU as the benches emulate them, through the DevTools protocol only. */
export interface NetworkProfile {
  name: string;
  /** What it emulates, printed above its figures. */
  label: string;
  /** Added to every request's round trip, ms. */
  latency: number;
  /** Bytes per second. */
  download: number;
  upload: number;
  /** CPU slowdown factor (1: the machine's own speed). */
  cpuSlowdown: number;
  /**
   * From opening `/doctors` to a slot picker that answers a tap, at most: faster than the
   * single-bundle site CareBook replaces (2.63 s on the mobile profile, 4.00 s at 400 ms).
   */
  slotPickerBudget: number;
  /** A signed-in patient from opening `/doctors`, through the first card's first time and Book, to the appointment saved, at most. */
  listBookBudget: number;
}

const kbitPerSecond = (kbit: number): number => (kbit * 1000) / 8;

export const NETWORK_PROFILES: readonly NetworkProfile[] = [
  {
    name: 'mobile',
    label: "Lighthouse's mobile profile: 150 ms RTT, 1.6 Mbit/s down, 750 kbit/s up, 4x CPU slowdown",
    latency: 150,
    download: kbitPerSecond(1600),
    upload: kbitPerSecond(750),
    cpuSlowdown: 4,
    slotPickerBudget: 2100,
    listBookBudget: 1800,
  },
  {
    name: 'slow',
    label: '400 ms RTT, 400 kbit/s each way, CPU not slowed',
    latency: 400,
    download: kbitPerSecond(400),
    upload: kbitPerSecond(400),
    cpuSlowdown: 1,
    slotPickerBudget: 3200,
    listBookBudget: 2500,
  },
];

/** Applies a profile to a page's session; it holds for the page's later navigations on the same origin. */
export async function emulateProfile(cdp: CDPSession, profile: NetworkProfile): Promise<void> {
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: profile.latency,
    downloadThroughput: profile.download,
    uploadThroughput: profile.upload,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpuSlowdown });
}
